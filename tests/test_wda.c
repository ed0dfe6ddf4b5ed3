/* test_wda.c -- the .wda archive: record packing of every seat, trump and
 * board case, PBN -> wda -> PBN identity on real and generated files, what a
 * conversion drops, corrupt blocks, truncated and unfinished files, and
 * random access (shards and ranges) through deal_reader. */
#include <sys/stat.h>
#include "testutil.h"
#include "analyze/deal/deal_gen.h"
#include "formats/reader.h"
#include "formats/wda.h"
#include "formats/writer.h"

static char out[1 << 16];

/* DDS list10 deal 1 in seat order N E S W. */
static void sample_deal(deal_t *d)
{
    static const char *hands[4] = {"QJ6.K652.J85.T98", "873.J97.AT764.Q4", "K5.T83.KQ9.A7652",
                                   "AT942.AQ4.32.KJ3"};
    deal_clear(d);
    for (int seat = 0; seat < 4; seat++) {
        int suit = 0;
        for (const char *p = hands[seat]; *p; p++) {
            if (*p == '.') suit++;
            else d->hand[seat] |= card_bit(card_make(suit, rank_from_char(*p)));
        }
    }
}

static void assert_same_whist_facts(const deal_t *a, const deal_t *b)
{
    assert_true(deal_same_cards(a, b));
    assert_int_equal(a->dealer, b->dealer);
    assert_int_equal(a->leader, b->leader);
    assert_int_equal(a->strain, b->strain);
    assert_int_equal(a->turnup, b->turnup);
    assert_int_equal(a->board, b->board);
}

static void test_record_packs_every_case(void **state)
{
    (void)state;
    deal_t d, back;
    uint8_t rec[WDA_RECORD_BYTES];
    diag_t why = {0};
    sample_deal(&d);
    /* dealer W (leader N), turn-up SA of W's spades, board = base + index + 1 */
    d.dealer = SEAT_W;
    d.leader = SEAT_N;
    d.turnup = card_parse("SA");
    d.strain = SUIT_S;
    d.board = 108;
    assert_true(wda_record_pack(&d, 7, 100, rec));
    /* meta: seats 3, trumps code 12 (SA = 0*13 + 14-2), board code 0 */
    uint64_t meta = wda_load64(rec) >> 52 | (wda_load64(rec + 8) >> 52) << 12;
    assert_int_equal(meta, 3 | 12 << 4);
    assert_true(wda_record_unpack(rec, 7, 100, &back, &why));
    assert_same_whist_facts(&d, &back);
    assert_int_equal(back.pos.index, 7);
    assert_int_equal(back.pos.line, 8);

    /* each hand's 13 cards from the two bit planes */
    hand_t hands[4];
    wda_record_hands(rec, hands);
    for (int s = 0; s < 4; s++) assert_true(hands[s] == d.hand[s]);

    /* dealer only, no turn-up, no trumps, board explicit */
    d.leader = SEAT_NONE;
    d.turnup = CARD_NONE;
    d.strain = STRAIN_NONE;
    d.board = 16382;
    assert_true(wda_record_pack(&d, 0, 0, rec));
    assert_true(wda_record_unpack(rec, 0, 0, &back, &why));
    assert_same_whist_facts(&d, &back);

    /* leader only (DDS files give one), no trumps, no board number */
    d.dealer = SEAT_NONE;
    d.leader = SEAT_E;
    d.strain = STRAIN_NT;
    d.board = 0;
    assert_true(wda_record_pack(&d, 5, 0, rec));
    assert_true(wda_record_unpack(rec, 5, 0, &back, &why));
    assert_same_whist_facts(&d, &back);

    /* neither seat; a board past 16382 that is not base + index + 1 is
     * stored as "no number" and reported */
    d.leader = SEAT_NONE;
    d.board = 20000;
    assert_false(wda_record_pack(&d, 5, 0, rec));
    assert_true(wda_record_unpack(rec, 5, 0, &back, &why));
    assert_int_equal(back.board, 0);
    assert_int_equal(back.dealer, SEAT_NONE);
    assert_int_equal(back.leader, SEAT_NONE);

    /* an inferred turn-up is not stored (as in PBN and one-line) */
    d.dealer = SEAT_N;
    d.leader = SEAT_E;
    d.strain = SUIT_H;
    d.turnup = card_parse("H2");
    d.flags = DEAL_TURNUP_INFERRED;
    d.board = 6;
    assert_true(wda_record_pack(&d, 5, 0, rec));
    assert_true(wda_record_unpack(rec, 5, 0, &back, &why));
    assert_int_equal(back.turnup, CARD_NONE);
    assert_int_equal(back.strain, SUIT_H);

    /* a record with a bad trump code is rejected with the reason */
    rec[7] |= 0x3F; /* meta bits 4-9 are bits 56-61 of w0 */
    assert_false(wda_record_unpack(rec, 5, 0, &back, &why));
    assert_string_equal(why.reason, "bad trump code 63");
}

/* Generated whist deals as PBN, to .wda, back to PBN: the same bytes. */
/* The suit lengths counted from a block's bit planes (the popcnt clone on
 * this CPU) are the hands' own: DDS list10 deal 1 by hand, then 4096
 * generated deals against hand_suit_len. */
static void test_suit_lengths_from_records(void **state)
{
    (void)state;
    enum { N = 4096 };
    static uint8_t rec[N + 1][WDA_RECORD_BYTES];
    static uint64_t got[4][4][14], want[4][4][14];
    deal_t d;
    sample_deal(&d);
    wda_record_pack(&d, 0, 0, rec[N]);
    wda_count_suit_lengths(rec[N], 1, got);
    static const int LEN[4][4] = {{3, 4, 3, 3}, {3, 3, 5, 2}, {2, 3, 3, 5}, {5, 3, 2, 3}};
    for (int seat = 0; seat < 4; seat++)
        for (int suit = 0; suit < 4; suit++) assert_int_equal(got[seat][suit][LEN[seat][suit]], 1);
    memset(got, 0, sizeof got);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    static gen_deal g[N];
    deal_gen_block(rng, 7, NULL, 0, N, g);
    gsl_rng_free(rng);
    for (int k = 0; k < N; k++) {
        deal_clear(&d);
        deal_gen_to_deal(&g[k], (uint32_t)k + 1, &d);
        wda_record_pack(&d, (uint64_t)k, 0, rec[k]);
        for (int seat = 0; seat < 4; seat++)
            for (int suit = 0; suit < 4; suit++) want[seat][suit][hand_suit_len(d.hand[seat], suit)]++;
    }
    wda_count_suit_lengths(rec[0], N, got);
    assert_memory_equal(got, want, sizeof got);
    assert_true(want[0][0][0] > 0); /* voids counted too */
}

/* The four-records-at-a-time count (AVX2 where the CPU has it) and the
 * record-by-record one agree with the hands whatever the planes hold: any
 * 52 bits (hands of any size, as a damaged archive with a good CRC may
 * give), any meta bits, and a count that is not a multiple of four, so
 * both paths run. */
static void test_suit_lengths_any_planes(void **state)
{
    (void)state;
    enum { N = 4099 };
    static uint8_t rec[N][WDA_RECORD_BYTES];
    static uint64_t got[4][4][14], want[4][4][14], parts[4][4][14];
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    gsl_rng_set(rng, 11);
    for (int k = 0; k < N; k++) {
        for (int b = 0; b < WDA_RECORD_BYTES; b++) rec[k][b] = (uint8_t)gsl_rng_uniform_int(rng, 256);
        if (k % 3 == 0) memset(rec[k], 0, 7); /* long runs of North's cards too */
        hand_t hand[4];
        wda_record_hands(rec[k], hand);
        for (int seat = 0; seat < 4; seat++)
            for (int suit = 0; suit < 4; suit++) want[seat][suit][hand_suit_len(hand[seat], suit)]++;
    }
    gsl_rng_free(rng);
    wda_count_suit_lengths(rec[0], N, got);
    assert_memory_equal(got, want, sizeof got);
    const size_t cut[] = {0, 1, 4, 7, 2051, N}; /* in pieces: the same sums */
    for (int i = 0; i + 1 < 6; i++) wda_count_suit_lengths(rec[cut[i]], cut[i + 1] - cut[i], parts);
    assert_memory_equal(parts, want, sizeof parts);
}

static void test_pbn_wda_pbn_identity_generated(void **state)
{
    (void)state;
    char pbn[256], wda[256], back[256];
    snprintf(pbn, sizeof pbn, "%s", test_tmp("gen.pbn"));
    snprintf(wda, sizeof wda, "%s", test_tmp("gen.wda"));
    snprintf(back, sizeof back, "%s", test_tmp("back.pbn"));
    int rc = test_run(out, sizeof out, "%s deal -n 5000 --seed 9 -o %s 2>&1 && %s convert %s %s 2>&1 &&"
                      " %s convert %s %s 2>&1 && cmp %s %s && echo IDENTICAL", test_bin(), pbn,
                      test_bin(), pbn, wda, test_bin(), wda, back, pbn, back);
    if (rc != 0 || !strstr(out, "IDENTICAL")) fail_msg("%s", out);
    assert_non_null(strstr(out, "convert: 5000 deals read, 0 rejected, 5000 written to"));
    struct stat st;
    assert_int_equal(stat(wda, &st), 0);
    /* 64-byte header, no note, 5000 records of 16 bytes, 2 block CRCs */
    assert_int_equal(st.st_size, 64 + 5000 * 16 + 2 * 4);
    unlink(pbn);
    unlink(wda);
    unlink(back);
}

/* Real PBN files without play or contracts: the PBN written from the .wda
 * is byte for byte the PBN written directly. */
static void test_pbn_wda_pbn_identity_real(void **state)
{
    (void)state;
    static const struct { const char *file; const char *count; } files[] = {
        {"corpora/pbn-dd-tables/bcdd_test1.pbn", "396 written"},
        {"corpora/pbn-dd-tables/bcdd_test2.pbn", "495 written"},
        {"corpora/pbn-dd-tables/pybcdd_test.pbn", "99 written"},
    };
    char wda[256], a[256], b[256];
    snprintf(wda, sizeof wda, "%s", test_tmp("real.wda"));
    snprintf(a, sizeof a, "%s", test_tmp("direct.pbn"));
    snprintf(b, sizeof b, "%s", test_tmp("via.pbn"));
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s", test_shared(files[i].file));
        int rc = test_run(out, sizeof out, "%s convert %s %s 2>&1 && %s convert %s %s 2>&1 && "
                          "%s convert %s %s 2>&1 && cmp %s %s && echo IDENTICAL", test_bin(), path,
                          a, test_bin(), path, wda, test_bin(), wda, b, a, b);
        if (rc != 0 || !strstr(out, "IDENTICAL") || !strstr(out, files[i].count))
            fail_msg("%s: %s", files[i].file, out);
    }
    unlink(wda);
    unlink(a);
    unlink(b);
}

/* Tournament files (both rooms, play, contracts): every deal accepted keeps
 * its hands, board, dealer and leader through a .wda; repeated games are
 * written once, as `convert` does. */
static void test_tournament_files_keep_their_deals(void **state)
{
    (void)state;
    static const struct { const char *file; int deals; } files[] = {
        {"corpora/pbn-real-play/endplay_example3_rpbridge_2012-top-events.pbn", 3816},
        {"corpora/pbn-real-play/pbntools/131108szczyrk.pbn", 1205},
        {"corpora/pbn-real-play/endplay_example2_2021-online-qual-open-r2.pbn", 299},
    };
    char wda[256];
    snprintf(wda, sizeof wda, "%s", test_tmp("tour.wda"));
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        diag_t diag = {0};
        deal_reader *r = deal_reader_open(test_shared(files[i].file), FMT_AUTO, &diag);
        deal_writer *w = deal_writer_open(wda, FMT_AUTO, &diag);
        assert_non_null(r);
        assert_non_null(w);
        deal_t d;
        read_status st;
        int n = 0;
        while ((st = deal_reader_next(r, &d, &diag)) != READ_EOF)
            if (st == READ_DEAL && !(d.flags & DEAL_REPEAT)) {
                assert_true(deal_writer_put(w, &d, &diag));
                n++;
            }
        assert_true(deal_writer_close(w, &diag));
        deal_reader_close(r);
        if (n != files[i].deals) fail_msg("%s: %d deals", files[i].file, n);

        r = deal_reader_open(test_shared(files[i].file), FMT_AUTO, &diag);
        deal_reader *back = deal_reader_open(wda, FMT_AUTO, &diag);
        assert_non_null(back);
        assert_int_equal(deal_reader_size(back), (uint64_t)n);
        deal_t e;
        while ((st = deal_reader_next(r, &d, &diag)) != READ_EOF)
            if (st == READ_DEAL && !(d.flags & DEAL_REPEAT)) {
                assert_int_equal(deal_reader_next(back, &e, &diag), READ_DEAL);
                assert_same_whist_facts(&d, &e);
            }
        assert_int_equal(deal_reader_next(back, &e, &diag), READ_EOF);
        deal_reader_close(r);
        deal_reader_close(back);
    }
    unlink(wda);
}

/* A tournament file keeps its 299 deals; what .wda cannot hold is counted. */
static void test_conversion_reports_what_is_dropped(void **state)
{
    (void)state;
    const char *src = test_shared("corpora/pbn-real-play/endplay_example2_2021-online-qual-open-r2.pbn");
    char wda[256];
    snprintf(wda, sizeof wda, "%s", test_tmp("drop.wda"));
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(src, FMT_AUTO, &diag);
    assert_non_null(r);
    deal_writer *w = deal_writer_open(wda, FMT_AUTO, &diag);
    assert_non_null(w);
    deal_t d, first;
    int n = 0;
    read_status st;
    while ((st = deal_reader_next(r, &d, &diag)) == READ_DEAL) {
        if (n++ == 0) first = d;
        assert_true(deal_writer_put(w, &d, &diag));
    }
    assert_int_equal(st, READ_EOF);
    deal_reader_close(r);
    char dropped[256];
    /* the README's 278 [Play] sections and 299 DD tables; 299 [Contract] tags */
    assert_int_equal(deal_writer_dropped(w, dropped, sizeof dropped), 278 + 299 + 299);
    assert_string_equal(dropped, "278 card plays, 299 DD tables, 299 contracts");
    assert_true(deal_writer_close(w, &diag));
    assert_int_equal(n, 299);

    r = deal_reader_open(wda, FMT_AUTO, &diag);
    assert_non_null(r);
    assert_int_equal(deal_reader_format(r), FMT_WDA);
    assert_int_equal(deal_reader_size(r), 299);
    assert_int_equal(deal_reader_next(r, &d, &diag), READ_DEAL);
    assert_same_whist_facts(&first, &d);
    assert_int_equal(d.board, 11);
    deal_reader_close(r);
    unlink(wda);
}

/* Writes n generated deals (seed 5) to path with the deal writer. */
static void write_generated(const char *path, int n)
{
    gen_deal *g = malloc((size_t)n * sizeof *g);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_taus2);
    for (int i = 0; i < n; i += DEAL_GEN_BLOCK) {
        size_t k = (size_t)(n - i < DEAL_GEN_BLOCK ? n - i : DEAL_GEN_BLOCK);
        deal_gen_block(rng, 5, NULL, (uint64_t)i, k, g + i);
    }
    diag_t diag = {0};
    deal_writer *w = deal_writer_open(path, FMT_AUTO, &diag);
    assert_non_null(w);
    deal_t d;
    deal_clear(&d);
    for (int i = 0; i < n; i++) {
        deal_gen_to_deal(&g[i], (uint32_t)i + 1, &d);
        assert_true(deal_writer_put(w, &d, &diag));
    }
    assert_true(deal_writer_close(w, &diag));
    gsl_rng_free(rng);
    free(g);
}

static void flip_byte(const char *path, long offset)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, offset, SEEK_SET);
    int c = fgetc(f);
    fseek(f, offset, SEEK_SET);
    fputc(c ^ 0x10, f);
    fclose(f);
}

static void test_corrupt_block_is_named(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s", test_tmp("corrupt.wda"));
    write_generated(path, 10000);
    /* a bit of record 5000, in block 1 (records 4097-8192) */
    long block1 = 64 + 4096 * 16 + 4;
    flip_byte(path, block1 + (5000 - 4097) * 16 + 3);
    diag_t diag = {0};
    deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
    assert_non_null(r);
    deal_t d;
    int good = 0;
    read_status st;
    while ((st = deal_reader_next(r, &d, &diag)) == READ_DEAL) good++;
    assert_int_equal(st, READ_FATAL);
    assert_int_equal(good, 4096); /* block 0 was read in full */
    assert_string_equal(diag.reason, "block 1 at byte 65604 (records 4097-8192): CRC mismatch: "
                                     "the archive is corrupt");
    deal_reader_close(r);
    /* as users see it: the file, the block, exit status 3 */
    int rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), path);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "block 1 at byte 65604 (records 4097-8192): CRC mismatch"));
    /* the header is checked too */
    write_generated(path, 10);
    flip_byte(path, 20);
    assert_null(deal_reader_open(path, FMT_AUTO, &diag));
    assert_string_equal(diag.reason, "header CRC mismatch: the archive is corrupt");
    /* a note length out of range is named as such (not a bad record size) */
    write_generated(path, 10);
    FILE *f = fopen(path, "r+b");
    fseek(f, 48, SEEK_SET);
    fwrite("\x88\x13\0\0", 1, 4, f); /* 5000 */
    fclose(f);
    assert_null(deal_reader_open(path, FMT_AUTO, &diag));
    assert_string_equal(diag.reason, "bad header: a note of 5000 bytes (at most 4096)");
    unlink(path);
}

static void test_truncated_and_unfinished_files(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s", test_tmp("trunc.wda"));
    write_generated(path, 10000);
    diag_t diag = {0};
    /* cut inside the last block */
    assert_int_equal(truncate(path, 64 + 2 * (4096 * 16 + 4) + 100), 0);
    assert_null(deal_reader_open(path, FMT_AUTO, &diag));
    assert_string_equal(diag.reason, "truncated: the header says 10000 records, the file holds 2 "
                                     "whole blocks");
    int rc = test_run(out, sizeof out, "%s check %s 2>&1", test_bin(), path);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "truncated: the header says 10000 records"));
    /* cut inside the header */
    assert_int_equal(truncate(path, 40), 0);
    assert_null(deal_reader_open(path, FMT_AUTO, &diag));
    assert_string_equal(diag.reason, "truncated: 40 bytes, shorter than the 64-byte header");
    /* bytes after the last block */
    write_generated(path, 3);
    FILE *f = fopen(path, "ab");
    fputs("junk", f);
    fclose(f);
    assert_null(deal_reader_open(path, FMT_AUTO, &diag));
    assert_string_equal(diag.reason, "4 bytes after the last of 3 records: corrupt");
    /* a writer writes beside the target and renames at the end: while it
     * runs the target is what it was; its working file, copied, is
     * "unfinished"; none is left behind */
    wda_header h = {.block_records = WDA_BLOCK_RECORDS};
    wda_writer *w = wda_writer_open(path, &h, &diag);
    assert_non_null(w);
    uint8_t rec[WDA_RECORD_BYTES];
    deal_t d;
    sample_deal(&d);
    wda_record_pack(&d, 0, 0, rec);
    assert_true(wda_writer_append(w, rec, 1, &diag));
    char copy[300];
    snprintf(copy, sizeof copy, "%s", test_tmp("unfinished.wda"));
    assert_int_equal(test_run(out, sizeof out, "sync; cp %s.tmp.* %s", path, copy), 0);
    assert_null(deal_reader_open(path, FMT_AUTO, &diag));
    assert_string_equal(diag.reason, "4 bytes after the last of 3 records: corrupt");
    assert_true(wda_writer_close(w, &diag));
    assert_int_equal(test_run(out, sizeof out, "ls %s.tmp.* 2>/dev/null | wc -l", path), 0);
    assert_int_equal(atoi(out), 0);
    assert_null(deal_reader_open(copy, FMT_AUTO, &diag));
    assert_string_equal(diag.reason, "unfinished: the writer stopped before closing the archive");
    /* the closed one reads; piped, it is refused with the reason */
    deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
    assert_non_null(r);
    deal_reader_close(r);
    rc = test_run(out, sizeof out, "cat %s | %s check - 2>&1", path, test_bin());
    assert_int_equal(rc, 3);
    assert_non_null(strstr(out, "a .wda archive is mapped from its file"));
    unlink(path);
    unlink(copy);
}

/* Shards i/n and ranges with no scan; pos.index is the record's position. */
static void test_select_shards_and_ranges(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s", test_tmp("shard.wda"));
    write_generated(path, 10000);
    diag_t diag = {0};
    deal_t d;
    uint64_t seen = 0, sum = 0;
    for (unsigned shard = 0; shard < 3; shard++) {
        deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
        assert_non_null(r);
        assert_int_equal(deal_reader_size(r), 10000);
        assert_true(deal_reader_select(r, shard, 3, UINT64_MAX));
        uint64_t expect = shard, n = 0;
        while (deal_reader_next(r, &d, &diag) == READ_DEAL) {
            assert_int_equal(d.pos.index, expect);
            assert_int_equal(d.board, expect + 1);
            assert_int_equal(d.dealer, expect & 3);
            expect += 3;
            n++;
            sum += d.pos.index;
        }
        assert_int_equal(n, shard == 0 ? 3334 : 3333);
        seen += n;
        deal_reader_close(r);
    }
    assert_int_equal(seen, 10000);
    assert_int_equal(sum, 10000ULL * 9999 / 2);

    /* records 4090..4100 straddle blocks 0 and 1 */
    deal_reader *r = deal_reader_open(path, FMT_AUTO, &diag);
    assert_true(deal_reader_select(r, 4090, 1, 4101));
    int n = 0;
    while (deal_reader_next(r, &d, &diag) == READ_DEAL) assert_int_equal(d.pos.index, 4090 + n++);
    assert_int_equal(n, 11);
    deal_reader_close(r);

    /* text inputs cannot seek */
    r = deal_reader_open(test_shared("corpora/dds-hands/list10.txt"), FMT_AUTO, &diag);
    assert_non_null(r);
    assert_int_equal(deal_reader_size(r), UINT64_MAX);
    assert_false(deal_reader_select(r, 1, 2, UINT64_MAX));
    deal_reader_close(r);
    unlink(path);
}

/* Converted bridge files: DDS's leader-only deals, NT strains and boards
 * beyond the first. */
static void test_dds_file_round_trip(void **state)
{
    (void)state;
    const char *src = test_shared("corpora/dds-hands/list100.txt");
    char wda[256];
    snprintf(wda, sizeof wda, "%s", test_tmp("dds.wda"));
    int rc = test_run(out, sizeof out, "%s convert %s %s 2>&1", test_bin(), src, wda);
    assert_int_equal(rc, 0);
    diag_t diag = {0};
    deal_reader *a = deal_reader_open(src, FMT_AUTO, &diag), *b = deal_reader_open(wda, FMT_AUTO, &diag);
    assert_non_null(a);
    assert_non_null(b);
    deal_t da, db;
    int n = 0, nt = 0;
    while (deal_reader_next(a, &da, &diag) == READ_DEAL) {
        assert_int_equal(deal_reader_next(b, &db, &diag), READ_DEAL);
        assert_same_whist_facts(&da, &db);
        nt += da.strain == STRAIN_NT;
        n++;
    }
    assert_int_equal(deal_reader_next(b, &db, &diag), READ_EOF);
    assert_int_equal(n, 100);
    assert_true(nt > 0);
    deal_reader_close(a);
    deal_reader_close(b);
    unlink(wda);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_record_packs_every_case),
        cmocka_unit_test(test_suit_lengths_from_records),
        cmocka_unit_test(test_suit_lengths_any_planes),
        cmocka_unit_test(test_pbn_wda_pbn_identity_generated),
        cmocka_unit_test(test_pbn_wda_pbn_identity_real),
        cmocka_unit_test(test_tournament_files_keep_their_deals),
        cmocka_unit_test(test_conversion_reports_what_is_dropped),
        cmocka_unit_test(test_corrupt_block_is_named),
        cmocka_unit_test(test_truncated_and_unfinished_files),
        cmocka_unit_test(test_select_shards_and_ranges),
        cmocka_unit_test(test_dds_file_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
