/* gz_in.h -- the bytes of a file or of standard input, gunzipped when they
 * are gzip (told from the content: 1f 8b at the start). Every member of a
 * gzip file is read and checked: a damaged CRC or length, a stream cut
 * short, a corrupt block and anything after the last member are errors
 * that name their byte offset in the file. The bytes before an error are
 * all delivered first: the error comes at the read after them. */
#ifndef WHISTLAB_GZ_IN_H
#define WHISTLAB_GZ_IN_H

#include <stdbool.h>
#include <stddef.h>
#include "diag.h"

typedef struct gz_in gz_in;

/* Opens path ("-" = standard input); name is what diagnostics call it
 * (kept, not copied). NULL with diag filled on failure. */
gz_in *gz_in_open(const char *path, const char *name, diag_t *diag);
/* The same over a descriptor already open (closed by gz_in_close when
 * own_fd): an input opened once, whatever reads it (issue 25 item 7). */
gz_in *gz_in_from_fd(int fd, bool own_fd, const char *name, diag_t *diag);
void gz_in_close(gz_in *g);

/* Up to n bytes of the content into buf: how many (> 0), 0 at the end, or
 * -1 with diag's reason filled (its file and line are the caller's). */
long gz_in_read(gz_in *g, char *buf, size_t n, diag_t *diag);

#endif
