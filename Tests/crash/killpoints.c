// Kill points for the crash tests, loaded into linky-site with LD_PRELOAD (conftest.py compiles it).
//
// Every call that changes what is on disk (rename, link, unlink, rmdir, mkdir, fsync: the steps by
// which a journal is written, committed, applied and removed, and by which the files it covers are
// staged and moved) on a path under one of the folders in LINKY_KILL_WATCH (separated by ':') is a
// step, counted across all threads. LINKY_KILL_LOG names a file that each step is appended to, as
// "N call path [path]"; LINKY_KILL_AT=N kills the process with SIGKILL just before step N is made.
// A process killed at step N has made steps 1 to N-1 and no other.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static long kill_at = -1;
static char watch[8192];
static int log_descriptor = -1;
static atomic_long steps;

__attribute__((constructor)) static void setup(void) {
    const char *at = getenv("LINKY_KILL_AT");
    if (at) kill_at = atol(at);
    const char *folders = getenv("LINKY_KILL_WATCH");
    if (folders) snprintf(watch, sizeof watch, "%s", folders);
    const char *log = getenv("LINKY_KILL_LOG");
    if (log) log_descriptor = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

/// Whether `path` is below one of the watched folders (or is one).
static int watched(const char *path) {
    if (!path || !*watch) return 0;
    const char *start = watch;
    while (*start) {
        const char *end = strchr(start, ':');
        size_t length = end ? (size_t)(end - start) : strlen(start);
        if (length > 0 && strncmp(path, start, length) == 0) return 1;
        if (!end) break;
        start = end + 1;
    }
    return 0;
}

/// A path relative to a directory descriptor made absolute, for matching.
static const char *absolute(int directory, const char *path, char *buffer) {
    if (!path || path[0] == '/' || directory == AT_FDCWD) {
        if (path && path[0] != '/' && getcwd(buffer, PATH_MAX)) {
            size_t used = strlen(buffer);
            snprintf(buffer + used, PATH_MAX - used, "/%s", path);
            return buffer;
        }
        return path;
    }
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", directory);
    ssize_t length = readlink(link, buffer, PATH_MAX - 1);
    if (length < 0) return path;
    buffer[length] = 0;
    snprintf(buffer + length, PATH_MAX - length, "/%s", path);
    return buffer;
}

static void step(const char *call, const char *path, const char *other) {
    if (!watched(path) && !watched(other)) return;
    long number = atomic_fetch_add(&steps, 1) + 1;
    if (log_descriptor >= 0) dprintf(log_descriptor, "%ld %s %s %s\n", number, call, path, other ? other : "");
    if (number == kill_at) raise(SIGKILL);
}

/// The C library's own function of that name.
#define NEXT(name) \
    static __typeof__(&name) next_##name; \
    if (!next_##name) next_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

int rename(const char *from, const char *to) {
    NEXT(rename);
    char a[PATH_MAX], b[PATH_MAX];
    step("rename", absolute(AT_FDCWD, from, a), absolute(AT_FDCWD, to, b));
    return next_rename(from, to);
}

int renameat(int fromDirectory, const char *from, int toDirectory, const char *to) {
    NEXT(renameat);
    char a[PATH_MAX], b[PATH_MAX];
    step("renameat", absolute(fromDirectory, from, a), absolute(toDirectory, to, b));
    return next_renameat(fromDirectory, from, toDirectory, to);
}

int renameat2(int fromDirectory, const char *from, int toDirectory, const char *to, unsigned int flags) {
    NEXT(renameat2);
    char a[PATH_MAX], b[PATH_MAX];
    step("renameat2", absolute(fromDirectory, from, a), absolute(toDirectory, to, b));
    return next_renameat2(fromDirectory, from, toDirectory, to, flags);
}

int link(const char *from, const char *to) {
    NEXT(link);
    char a[PATH_MAX], b[PATH_MAX];
    step("link", absolute(AT_FDCWD, from, a), absolute(AT_FDCWD, to, b));
    return next_link(from, to);
}

int linkat(int fromDirectory, const char *from, int toDirectory, const char *to, int flags) {
    NEXT(linkat);
    char a[PATH_MAX], b[PATH_MAX];
    step("linkat", absolute(fromDirectory, from, a), absolute(toDirectory, to, b));
    return next_linkat(fromDirectory, from, toDirectory, to, flags);
}

int unlink(const char *path) {
    NEXT(unlink);
    char a[PATH_MAX];
    step("unlink", absolute(AT_FDCWD, path, a), NULL);
    return next_unlink(path);
}

int unlinkat(int directory, const char *path, int flags) {
    NEXT(unlinkat);
    char a[PATH_MAX];
    step("unlinkat", absolute(directory, path, a), NULL);
    return next_unlinkat(directory, path, flags);
}

int rmdir(const char *path) {
    NEXT(rmdir);
    char a[PATH_MAX];
    step("rmdir", absolute(AT_FDCWD, path, a), NULL);
    return next_rmdir(path);
}

int mkdir(const char *path, mode_t mode) {
    NEXT(mkdir);
    char a[PATH_MAX];
    step("mkdir", absolute(AT_FDCWD, path, a), NULL);
    return next_mkdir(path, mode);
}

int mkdirat(int directory, const char *path, mode_t mode) {
    NEXT(mkdirat);
    char a[PATH_MAX];
    step("mkdirat", absolute(directory, path, a), NULL);
    return next_mkdirat(directory, path, mode);
}

int fsync(int descriptor) {
    NEXT(fsync);
    char a[PATH_MAX], link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", descriptor);
    ssize_t length = readlink(link, a, PATH_MAX - 1);
    if (length >= 0) {
        a[length] = 0;
        step("fsync", a, NULL);
    }
    return next_fsync(descriptor);
}
