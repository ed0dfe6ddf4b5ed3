/* out_file.h -- an output file that is whole or absent: written under a
 * temporary name beside the target (created exclusively, so nothing planted
 * there is written through), flushed to disk and renamed over the target
 * only when complete. A run that fails or is killed half-way leaves the
 * target as it was, never a shorter file that reads as valid. Every write
 * error is kept and reported at the end. "-" is standard output, written
 * through. */
#ifndef WHISTLAB_OUT_FILE_H
#define WHISTLAB_OUT_FILE_H

#include <stdbool.h>
#include <stdio.h>
#include "diag.h"

typedef struct out_file out_file;

/* Opens a temporary file beside path ("-": standard output). NULL with
 * diag filled ("path: reason") when it cannot be created. path is kept,
 * not copied, for the diagnostics of out_file_commit: it must outlive o's
 * commit. */
out_file *out_file_create(const char *path, diag_t *diag);

/* As out_file_create, and the stream gzip-compresses when path ends in
 * ".gz" (plain otherwise, and on standard output). */
out_file *out_file_create_by_name(const char *path, diag_t *diag);

/* The stream to write to. */
FILE *out_file_stream(out_file *o);
/* The target's name. */
const char *out_file_path(const out_file *o);

/* Flushes, syncs and closes the temporary file and renames it over the
 * target (standard output: flushes it). False with diag filled when any
 * write failed: the temporary file is then removed. Frees o. */
bool out_file_commit(out_file *o, diag_t *diag);

/* Gives up: closes and removes the temporary file. Frees o. */
void out_file_abort(out_file *o);

#endif
