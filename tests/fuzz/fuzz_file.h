/* fuzz_file.h -- the fuzz targets' input as a file: the bytes written to a
 * memory file, so that the code under test opens and reads a path as it
 * does for users (gzip detection, mmap, size limits). */
#ifndef WHISTLAB_FUZZ_FILE_H
#define WHISTLAB_FUZZ_FILE_H

#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

/* A memory file holding data[0..size-1], its path in path; returns the
 * descriptor (close it when done), or -1. */
static inline int fuzz_file(const uint8_t *data, size_t size, char path[64])
{
    int fd = memfd_create("fuzz", 0);
    if (fd < 0) return -1;
    if (size && write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return -1;
    }
    snprintf(path, 64, "/proc/self/fd/%d", fd);
    return fd;
}

#endif
