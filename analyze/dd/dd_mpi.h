/* dd_mpi.h -- many machines for the solver pool, over MPI (Open MPI).
 *
 * Under `mpirun -n N whistlab CMD ...` every rank runs the same command
 * line. Rank 0 runs the command as a single process would: it reads the
 * input, and its pool (dd_pool.h) hands the jobs out in chunks, on demand,
 * to one local worker and to every other rank; it takes the results back in
 * input order, so the report, the CSVs and the store are the bytes of a
 * one-process run for any N. The other ranks serve: each solves the jobs
 * of a chunk on its one DDS thread, runs the pool's hook on them (the
 * rule-based play) and sends them back, until rank 0 says stop.
 *
 * libmpi is loaded (dlopen) only when the process was started by mpirun:
 * a plain run, and every command that does not solve, pays nothing for it.
 * A rank that stops answering (it died, or its link did) makes rank 0's
 * pool fail the jobs it held with DD_PEER_LOST: the run ends with that
 * error, its state saved where it was asked to save it, to be resumed. */
#ifndef WHISTLAB_DD_MPI_H
#define WHISTLAB_DD_MPI_H

#include <stdbool.h>
#include <stddef.h>
#include "analyze/dd/dd_pool.h"
#include "formats/diag.h"

typedef struct {
    int rank, size;  /* size 1: no MPI (a plain run) */
} dd_mpi_world;

/* Under mpirun: loads libmpi, initialises it (threads: multiple) and fills
 * *w; true. Not under mpirun: w = {0, 1}, true. False with diag filled when
 * mpirun started us but MPI cannot be used. */
bool dd_mpi_start(dd_mpi_world *w, diag_t *diag);
/* Ends MPI (nothing without it). */
void dd_mpi_finish(void);

/* Rank 0: serves the pool's jobs to ranks 1..size-1 as well, chunk jobs
 * at a time (dd_pool_add_peer). */
bool dd_mpi_attach(dd_pool *p, const dd_mpi_world *w, int chunk, diag_t *diag);
/* Rank 0, after its pool is closed: tells the other ranks to stop. */
void dd_mpi_release(const dd_mpi_world *w);

/* Ranks 1..size-1: serves rank 0 until it says stop: each job done as a
 * pool's worker does it (dd_job_run), with one solver of engine (DDS
 * thread 0). Returns 0, or -1 with diag filled when the link to rank 0
 * failed. */
int dd_mpi_serve(dd_engine engine, dd_job_hook hook, void *ctx, diag_t *diag);

/* A command whose ranks each do a shard of their own (odds --corpus):
 * rank k > 0 sends rank 0 its result, len bytes; rank 0 receives rank
 * from's, waiting without spinning. False with diag filled when the link
 * fails. */
bool dd_mpi_send_shard(const void *buf, size_t len, diag_t *diag);
bool dd_mpi_recv_shard(int from, void *buf, size_t len, diag_t *diag);

#endif
