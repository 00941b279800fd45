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
extern int sched_getaffinity(int pid, size_t size, void *mask);
extern int sched_setaffinity(int pid, size_t size, const void *mask);
extern int sched_getcpu(void);
extern int pthread_attr_setaffinity_np(void *attr, size_t size, const void *mask);

/// How many processors this process may run on (its affinity mask); 0 when it cannot tell.
static inline int CLinux_processor_count(void) {
    unsigned long long mask[16] = {0};
    if (sched_getaffinity(0, sizeof mask, mask) != 0) return 0;
    int count = 0;
    for (int i = 0; i < 16; i++) count += __builtin_popcountll(mask[i]);
    return count;
}
/// A mask of processors (1,024 bits, as glibc's cpu_set_t) for `CLinux_helper_mask`.
typedef struct { unsigned long long bits[16]; } CLinux_processor_mask;

/// The processors this process may run on; all zero when it cannot tell.
static inline CLinux_processor_mask CLinux_process_mask(void) {
    CLinux_processor_mask mask = {{0}};
    if (sched_getaffinity(0, sizeof mask.bits, mask.bits) != 0) {
        for (int i = 0; i < 16; i++) mask.bits[i] = 0;
    }
    return mask;
}

/// The `index`-th processor of `mask` (counting round) that is not the one the calling thread
/// runs on now, as a mask of that one processor; false when there is no other.
static inline _Bool CLinux_helper_mask(CLinux_processor_mask mask, int index, CLinux_processor_mask *helper) {
    int current = sched_getcpu();
    int others[1024];
    int count = 0;
    for (int cpu = 0; cpu < 1024; cpu++) {
        if (cpu != current && (mask.bits[cpu / 64] >> (cpu % 64) & 1)) others[count++] = cpu;
    }
    if (count == 0) return 0;
    int chosen = others[index % count];
    for (int i = 0; i < 16; i++) helper->bits[i] = 0;
    helper->bits[chosen / 64] = 1ULL << (chosen % 64);
    return 1;
}

/// Sets the calling thread's processors.
static inline int CLinux_set_thread_mask(const CLinux_processor_mask *mask) {
    return sched_setaffinity(0, sizeof mask->bits, mask->bits);
}

/// Asks that a thread made with the attributes `attr` start on the processors of `mask`.
static inline int CLinux_set_attributes_mask(void *attr, const CLinux_processor_mask *mask) {
    return pthread_attr_setaffinity_np(attr, sizeof mask->bits, mask->bits);
}

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
