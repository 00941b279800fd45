// The few glibc functions Swift's Glibc module does not show: they are declared only under
// _GNU_SOURCE or _XOPEN_SOURCE, and the C library's headers are already a module built
// without them. Declared here with glibc's own signatures; the wrappers carry the prefix.
#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <wchar.h>

extern int malloc_trim(size_t pad);
extern int mallopt(int param, int value);
extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
extern int wcwidth(wchar_t c);
extern char *ptsname(int fd);
extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern int syncfs(int fd);

/// How much more than asked a heap grows by, and keeps when trimmed (glibc's M_TOP_PAD).
static inline int CLinux_malloc_set_top_pad(int bytes) { return mallopt(-2 /* M_TOP_PAD */, bytes); }
/// Gives freed heap memory back to the system.
static inline int CLinux_malloc_trim(size_t pad) { return malloc_trim(pad); }
/// rename(2) with flags: RENAME_EXCHANGE swaps two paths in one step.
static inline int CLinux_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags) {
    return renameat2(olddirfd, oldpath, newdirfd, newpath, flags);
}
static const unsigned int CLinux_RENAME_EXCHANGE = 2;
static inline int CLinux_wcwidth(wchar_t c) { return wcwidth(c); }
static inline char *CLinux_ptsname(int fd) { return ptsname(fd); }
static inline int CLinux_posix_openpt(int flags) { return posix_openpt(flags); }
static inline int CLinux_grantpt(int fd) { return grantpt(fd); }
static inline int CLinux_unlockpt(int fd) { return unlockpt(fd); }
/// Flushes the whole file system that holds `fd`.
static inline int CLinux_syncfs(int fd) { return syncfs(fd); }

#endif
