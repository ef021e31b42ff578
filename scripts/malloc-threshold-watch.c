/*
 * Which freed blocks move glibc's mmap threshold in a node process, and what the process's memory would be if none
 * did (issue 37, the language server's RSS). A measuring tool for Linux with glibc, not part of anything shipped.
 *
 * glibc serves a malloc of at least its mmap threshold (128 KiB at start) with a mapping of its own, returned to the
 * system when freed. But freeing such a block of more than the threshold (and at most 32 MiB) raises the threshold to
 * that block's size, and the heap's trim threshold to twice it: from then on blocks below it come from the heaps,
 * and freed ones stay resident. One freed 18 MB file buffer is enough for every later block of up to 18 MB.
 *
 *   gcc -O2 -shared -fPIC -o /tmp/mtw.so scripts/malloc-threshold-watch.c -ldl
 *   LD_PRELOAD=/tmp/mtw.so MTW_LOG=/tmp/mtw.log npx tsx scripts/bench-lsp.ts --json --edits 3
 *
 * logs every free() of a mapped block of ≥ 128 KiB (time, process, thread, size, and RAISES where it moved the
 * threshold; MTW_BACKTRACE=1 adds the native stack of those). MTW_UNMAP_ABOVE=N unmaps mapped blocks of more than N
 * bytes itself instead of handing them to free(), so that they never move the threshold: the memory the process would
 * have if no such block were freed through malloc (glibc's own counts of mappings then drift; they are statistics,
 * and the limit of 65,536 mappings they guard is far off in a benchmark). LD_PRELOAD reaches every process the
 * command starts: tell the server's lines by its process id.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define MIN_LOGGED (128u * 1024)
#define DYNAMIC_MAX (32u * 1024 * 1024) /* glibc's DEFAULT_MMAP_THRESHOLD_MAX on 64-bit */
#define IS_MMAPPED 2u

static void (*real_free)(void *);
static size_t threshold = MIN_LOGGED;
static long unmap_above = -1;
static int log_fd = -1;

/* backtrace() loads libgcc on its first call, which must not happen inside free(). */
__attribute__((constructor)) static void warm_backtrace(void) {
  void *frames[2];
  backtrace(frames, 2);
}

void free(void *p) {
  if (!real_free) real_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
  if (p) {
    size_t field = ((size_t *)p)[-1]; /* the chunk's size and flags, just before the block */
    size_t size = field & ~(size_t)7;
    if ((field & IS_MMAPPED) && size >= MIN_LOGGED) {
      if (unmap_above < 0) unmap_above = getenv("MTW_UNMAP_ABOVE") ? atol(getenv("MTW_UNMAP_ABOVE")) : 1L << 40;
      if ((long)size > unmap_above) {
        size_t before = ((size_t *)p)[-2]; /* a mapped chunk's offset from the start of its mapping */
        munmap((char *)p - 2 * sizeof(size_t) - before, before + size);
        return;
      }
      int raises = size > threshold && size <= DYNAMIC_MAX;
      if (raises) threshold = size;
      if (log_fd < 0) log_fd = open(getenv("MTW_LOG") ? getenv("MTW_LOG") : "/tmp/mtw.log", O_WRONLY | O_CREAT | O_APPEND, 0644);
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      char line[160];
      int n = snprintf(line, sizeof line, "%ld.%03ld pid=%d tid=%d free %zu%s\n", (long)ts.tv_sec, ts.tv_nsec / 1000000,
                       (int)getpid(), (int)gettid(), size, raises ? " RAISES" : "");
      if (log_fd >= 0) {
        if (write(log_fd, line, n) < 0) log_fd = -1;
        if (raises && getenv("MTW_BACKTRACE") && log_fd >= 0) {
          void *frames[24];
          backtrace_symbols_fd(frames, backtrace(frames, 24), log_fd);
        }
      }
    }
  }
  real_free(p);
}
