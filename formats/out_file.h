/* out_file.h -- an output file that is whole or absent: written under a
 * temporary name beside the target (created exclusively, so nothing planted
 * there is written through), flushed to disk and renamed over the target
 * only when complete, then the directory synced (the rename is durable
 * too). A run that fails or is killed half-way leaves the target as it
 * was, never a shorter file that reads as valid; one stopped by SIGINT,
 * SIGTERM or SIGHUP leaves no temporary behind either
 * (out_file_remove_on_signals). Every write error is kept and reported at
 * the end. "-" is standard output, written through. */
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

/* Flushes, syncs and closes the temporary file, renames it over the
 * target and syncs the directory (standard output: flushes it). False
 * with diag filled when any write failed: the temporary file is then
 * removed. Frees o. */
bool out_file_commit(out_file *o, diag_t *diag);

/* Gives up: closes and removes the temporary file. Frees o. */
void out_file_abort(out_file *o);

/* Syncs the directory that holds path, so that a rename into it survives
 * a crash. False with diag filled (path's name) when the sync failed; a
 * file system that cannot sync directories is no failure. */
bool out_file_sync_dir(const char *path, diag_t *diag);

/* Gives the file open on fd, made by mkstemp (mode 0600), the mode a plain
 * creation would give it: 0666 less the umask. For every temporary that
 * becomes an output (this module's, a resumable table's, a figure's). */
void out_file_umask_mode(int fd);

/* From now on SIGINT, SIGTERM and SIGHUP (those not ignored) first remove
 * the temporary files of the outputs being written, then end the process
 * as the signal would have. A command that handles a signal itself
 * installs its handler after this one. */
void out_file_remove_on_signals(void);

#endif
