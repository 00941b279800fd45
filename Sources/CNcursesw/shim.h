// The wide-character ncurses API, and the macros Swift cannot import wrapped as functions.
// Nothing else lives in this module (docs/architecture.md).
#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline attr_t CNcursesw_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t CNcursesw_A_BOLD(void) { return A_BOLD; }
static inline attr_t CNcursesw_A_DIM(void) { return A_DIM; }
static inline attr_t CNcursesw_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t CNcursesw_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t CNcursesw_A_ITALIC(void) { return A_ITALIC; }
static inline attr_t CNcursesw_A_STANDOUT(void) { return A_STANDOUT; }

static inline mmask_t CNcursesw_ALL_MOUSE_EVENTS(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t CNcursesw_REPORT_MOUSE_POSITION(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t CNcursesw_BUTTON1_PRESSED(void) { return BUTTON1_PRESSED; }
static inline mmask_t CNcursesw_BUTTON1_RELEASED(void) { return BUTTON1_RELEASED; }
static inline mmask_t CNcursesw_BUTTON1_CLICKED(void) { return BUTTON1_CLICKED; }
static inline mmask_t CNcursesw_BUTTON1_DOUBLE_CLICKED(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t CNcursesw_BUTTON1_TRIPLE_CLICKED(void) { return BUTTON1_TRIPLE_CLICKED; }
static inline mmask_t CNcursesw_BUTTON3_PRESSED(void) { return BUTTON3_PRESSED; }
static inline mmask_t CNcursesw_BUTTON4_PRESSED(void) { return BUTTON4_PRESSED; }
static inline mmask_t CNcursesw_BUTTON5_PRESSED(void) { return BUTTON5_PRESSED; }
static inline mmask_t CNcursesw_BUTTON_SHIFT(void) { return BUTTON_SHIFT; }
static inline mmask_t CNcursesw_BUTTON_CTRL(void) { return BUTTON_CTRL; }
static inline mmask_t CNcursesw_BUTTON_ALT(void) { return BUTTON_ALT; }

static inline attr_t CNcursesw_COLOR_PAIR(int n) { return (attr_t)COLOR_PAIR(n); }
static inline WINDOW *CNcursesw_stdscr(void) { return stdscr; }
static inline int CNcursesw_LINES(void) { return LINES; }
static inline int CNcursesw_COLS(void) { return COLS; }
static inline int CNcursesw_COLORS(void) { return COLORS; }

/// Builds a cell from up to CCHARW_MAX wide characters (a spacing character and its
/// combining marks) and writes it at (y, x) of `win`.
static inline int CNcursesw_mvwadd_cell(WINDOW *win, int y, int x, const wchar_t *wch,
                                        attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, wch, attrs, pair, NULL) != OK) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}

static inline int CNcursesw_CCHARW_MAX(void) { return CCHARW_MAX; }

// term.h last: its capability macros (lines, columns, cup, …) must not reach the code above.
#include <ncursesw/term.h>

/// Whether $TERM's description can carry a full screen, read before anything is sent to the
/// terminal: 1 yes; 0 no (no cursor addressing, or a hard-copy terminal); -1 no description.
static inline int CNcursesw_terminal_can_address_cursor(int fd) {
    int error = 0;
    if (setupterm(NULL, fd, &error) != OK) return -1;
    const char *address = tigetstr("cup");
    int capable = address != NULL && address != (char *)-1 && address[0] != 0 && tigetflag("hc") <= 0;
    del_curterm(cur_term);
    return capable;
}

#endif
