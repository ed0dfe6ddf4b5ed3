/* state_again.h -- the command that goes on with a run stopped with its
 * state in a file (--save F), for the commands whose --resume takes that
 * file (odds-like: claims, play --verify). */
#ifndef WHISTLAB_CLI_STATE_AGAIN_H
#define WHISTLAB_CLI_STATE_AGAIN_H

#include <stddef.h>

/* "whistlab CMD --resume STATE" and the words of argv[0..argc-1] (those
 * after the command's name) but --save F and --resume F (any spelling:
 * a unique prefix, --name=F), each quoted as a shell takes it back
 * (cli_resume_command). */
void cli_state_resume_command(char *buf, size_t len, const char *cmd, int argc, char *const argv[],
                              const char *state);

#endif
