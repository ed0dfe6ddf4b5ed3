/* state_again.c -- the command that goes on with a run saved in a state
 * file (state_again.h): its words without the state options, handed to
 * cli_resume_command with the state file as --resume's value. */
#include "cli/state_again.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/progress.h"

/* Whether word is --save or --resume (a prefix of two letters or more),
 * and whether its value is in it (--save=F). */
static bool state_option(const char *word, bool *joined)
{
    if (strncmp(word, "--", 2) != 0) return false;
    size_t name = strcspn(word + 2, "=");
    *joined = word[2 + name] == '=';
    return name >= 2 && (strncmp(word + 2, "save", name) == 0 || strncmp(word + 2, "resume", name) == 0);
}

void cli_state_resume_command(char *buf, size_t len, const char *cmd, int argc, char *const argv[],
                              const char *state)
{
    char **words = calloc((size_t)argc + 1, sizeof *words);
    if (!words) {
        snprintf(buf, len, "whistlab %s --resume %s", cmd, state);
        return;
    }
    int n = 0;
    words[n++] = (char *)state; /* --resume's value: cli_resume_command puts --resume first */
    for (int i = 0; i < argc; i++) {
        bool joined;
        if (state_option(argv[i], &joined)) i += !joined; /* its value, the next word */
        else words[n++] = argv[i];
    }
    cli_resume_command(buf, len, cmd, n, words);
    free(words);
}
