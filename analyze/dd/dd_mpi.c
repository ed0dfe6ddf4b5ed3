/* dd_mpi.c -- the solver pool over MPI (dd_mpi.h). libmpi is loaded with
 * dlopen when Open MPI's launcher started the process; its functions and
 * the two predefined handles used (the world communicator, the byte type)
 * are looked up by name, so the whistlab binary does not link libmpi. */
#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <mpi.h>
#include "analyze/dd/dd_mpi.h"

enum { TAG_WORK = 1, TAG_RESULT = 2, TAG_STOP = 3, TAG_SHARD = 4 };

static struct {
    void *lib;
    MPI_Comm world;
    MPI_Datatype byte;
    int (*Init_thread)(int *, char ***, int, int *);
    int (*Comm_rank)(MPI_Comm, int *);
    int (*Comm_size)(MPI_Comm, int *);
    int (*Comm_set_errhandler)(MPI_Comm, MPI_Errhandler);
    int (*Send)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
    int (*Recv)(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Status *);
    int (*Iprobe)(int, int, MPI_Comm, int *, MPI_Status *);
    int (*Irecv)(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Test)(MPI_Request *, int *, MPI_Status *);
    int (*Get_count)(const MPI_Status *, MPI_Datatype, int *);
    int (*Finalize)(void);
    bool started;
} mpi;

static bool under_mpirun(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") != NULL || getenv("PMIX_RANK") != NULL;
}

#define LOOKUP(name)                                                   \
    do {                                                               \
        if (!(*(void **)&mpi.name = dlsym(mpi.lib, "MPI_" #name))) ok = false; \
    } while (0)

bool dd_mpi_start(dd_mpi_world *w, diag_t *diag)
{
    w->rank = 0;
    w->size = 1;
    if (!under_mpirun()) return true;
    static const char *const NAMES[] = {"libmpi.so.40", "libmpi.so"};
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0] && !mpi.lib; i++)
        mpi.lib = dlopen(NAMES[i], RTLD_NOW | RTLD_GLOBAL);
    if (!mpi.lib) {
        diag_set(diag, NULL, 0, "started by mpirun, but Open MPI's libmpi cannot be loaded (Debian: "
                                "libopenmpi-dev): %s", dlerror());
        return false;
    }
    bool ok = true;
    LOOKUP(Init_thread);
    LOOKUP(Comm_rank);
    LOOKUP(Comm_size);
    LOOKUP(Comm_set_errhandler);
    LOOKUP(Send);
    LOOKUP(Recv);
    LOOKUP(Iprobe);
    LOOKUP(Irecv);
    LOOKUP(Test);
    LOOKUP(Get_count);
    LOOKUP(Finalize);
    void *world = dlsym(mpi.lib, "ompi_mpi_comm_world"), *byte = dlsym(mpi.lib, "ompi_mpi_byte"),
         *errors_return = dlsym(mpi.lib, "ompi_mpi_errors_return");
    if (!ok || !world || !byte || !errors_return) {
        diag_set(diag, NULL, 0, "libmpi is not Open MPI's (a function or handle is missing)");
        return false;
    }
    mpi.world = (MPI_Comm)world;
    mpi.byte = (MPI_Datatype)byte;
    int provided, argc = 0;
    char **argv = NULL;
    if (mpi.Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS ||
        provided < MPI_THREAD_MULTIPLE) {
        diag_set(diag, NULL, 0, "MPI cannot be started with threads (MPI_THREAD_MULTIPLE)");
        return false;
    }
    mpi.started = true;
    /* a lost rank is an error returned, not the end of every process */
    mpi.Comm_set_errhandler(mpi.world, (MPI_Errhandler)errors_return);
    mpi.Comm_rank(mpi.world, &w->rank);
    mpi.Comm_size(mpi.world, &w->size);
    return true;
}

void dd_mpi_finish(void)
{
    if (mpi.started) mpi.Finalize();
    mpi.started = false;
}

/* ---- waiting without spinning ---- */

/* Open MPI's blocking calls poll in a busy loop: a rank waiting for its
 * next chunk, or rank 0's thread waiting for a peer's results, would take
 * a core from the solvers. These wait by testing a request between naps
 * that grow from 20 us to 0.25 ms: a solve takes tens of ms, so a chunk
 * waits at most a quarter of a millisecond, for a few thousand cheap
 * wake-ups a second. */
static void nap(long *ns)
{
    struct timespec t = {0, *ns};
    nanosleep(&t, NULL);
    if (*ns < 250000) *ns *= 2;
}

static bool recv_waiting(void *buf, int bytes, int from, int tag)
{
    MPI_Request req;
    if (mpi.Irecv(buf, bytes, mpi.byte, from, tag, mpi.world, &req) != MPI_SUCCESS) return false;
    long ns = 20000;
    for (int done = 0;;) {
        if (mpi.Test(&req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) return false;
        if (done) return true;
        nap(&ns);
    }
}

static bool probe_waiting(int from, MPI_Status *st)
{
    long ns = 20000;
    for (int found = 0;;) {
        if (mpi.Iprobe(from, MPI_ANY_TAG, mpi.world, &found, st) != MPI_SUCCESS) return false;
        if (found) return true;
        nap(&ns);
    }
}

/* ---- rank 0: the other ranks as the pool's peers ---- */

#define CHUNK_MAX 64

typedef struct {
    int rank;
    dd_job buf[CHUNK_MAX]; /* the chunk in flight, as sent and as answered */
} peer;

static peer *peers;

/* Sends jobs[0..n-1] to the peer and takes their results back; false when
 * the peer is lost. Runs on the pool's proxy thread for that peer. */
static bool exchange(void *arg, dd_job *const jobs[], int n)
{
    peer *pr = arg;
    int bytes = n * (int)sizeof(dd_job);
    for (int i = 0; i < n; i++) {
        pr->buf[i] = *jobs[i];
        pr->buf[i].deal.pos.file = NULL; /* another process's pointer means nothing there */
    }
    if (mpi.Send(pr->buf, bytes, mpi.byte, pr->rank, TAG_WORK, mpi.world) != MPI_SUCCESS ||
        !recv_waiting(pr->buf, bytes, pr->rank, TAG_RESULT))
        return false;
    for (int i = 0; i < n; i++) {
        jobs[i]->rc = pr->buf[i].rc;
        jobs[i]->leads = pr->buf[i].leads;
        memcpy(jobs[i]->out, pr->buf[i].out, sizeof jobs[i]->out);
    }
    return true;
}

bool dd_mpi_attach(dd_pool *p, const dd_mpi_world *w, int chunk, diag_t *diag)
{
    if (w->size <= 1) return true;
    if (chunk > CHUNK_MAX) chunk = CHUNK_MAX;
    if (!peers && !(peers = calloc((size_t)w->size, sizeof *peers))) {
        diag_set(diag, NULL, 0, "out of memory");
        return false;
    }
    for (int k = 1; k < w->size; k++) {
        peers[k].rank = k;
        if (!dd_pool_add_peer(p, exchange, &peers[k], chunk)) {
            diag_set(diag, NULL, 0, "cannot start the threads that serve the other MPI ranks");
            return false;
        }
    }
    return true;
}

void dd_mpi_release(const dd_mpi_world *w)
{
    for (int k = 1; k < w->size; k++) mpi.Send(NULL, 0, mpi.byte, k, TAG_STOP, mpi.world);
    free(peers);
    peers = NULL;
}

/* ---- ranks 1..: serving ---- */

static int serve(dd_solver *solver, dd_job_hook hook, void *ctx, diag_t *diag)
{
    dd_job *buf = NULL;
    size_t cap = 0;
    for (;;) {
        MPI_Status st;
        int bytes;
        if (!probe_waiting(0, &st) ||
            mpi.Get_count(&st, mpi.byte, &bytes) != MPI_SUCCESS) {
            diag_set(diag, NULL, 0, "the link to MPI rank 0 failed");
            free(buf);
            return -1;
        }
        if ((size_t)bytes > cap) {
            dd_job *b = realloc(buf, (size_t)bytes);
            if (!b) {
                diag_set(diag, NULL, 0, "out of memory");
                free(buf);
                return -1;
            }
            buf = b;
            cap = (size_t)bytes;
        }
        if (mpi.Recv(buf, bytes, mpi.byte, 0, st.MPI_TAG, mpi.world, MPI_STATUS_IGNORE) != MPI_SUCCESS) {
            diag_set(diag, NULL, 0, "the link to MPI rank 0 failed");
            free(buf);
            return -1;
        }
        if (st.MPI_TAG == TAG_STOP) break;
        int n = bytes / (int)sizeof(dd_job);
        for (int i = 0; i < n; i++) dd_job_run(&buf[i], solver, hook, ctx);
        if (mpi.Send(buf, bytes, mpi.byte, 0, TAG_RESULT, mpi.world) != MPI_SUCCESS) {
            diag_set(diag, NULL, 0, "the link to MPI rank 0 failed");
            free(buf);
            return -1;
        }
    }
    free(buf);
    return 0;
}

int dd_mpi_serve(dd_engine engine, dd_job_hook hook, void *ctx, diag_t *diag)
{
    dd_solver solver = dd_solver_make(engine, 0);
    int rc = serve(&solver, hook, ctx, diag);
    dd_solver_close(&solver);
    return rc;
}

bool dd_mpi_send_shard(const void *buf, size_t len, diag_t *diag)
{
    if (len > INT_MAX || mpi.Send(buf, (int)len, mpi.byte, 0, TAG_SHARD, mpi.world) != MPI_SUCCESS) {
        diag_set(diag, NULL, 0, "MPI: this rank's result could not be sent to rank 0");
        return false;
    }
    return true;
}

bool dd_mpi_recv_shard(int from, void *buf, size_t len, diag_t *diag)
{
    if (len > INT_MAX || !recv_waiting(buf, (int)len, from, TAG_SHARD)) {
        diag_set(diag, NULL, 0, "MPI: rank %d's result could not be received (the rank was lost?)", from);
        return false;
    }
    return true;
}
