/* test_odds.c -- the odds tables without a corpus: every exact value of
 * odds.md (to 1e-12, and the exact fractions), the odds text, every
 * historic figure and verdict, the verdict rules, rational arithmetic, the
 * confidence intervals, the fit bins and the CSV read back with libcsv.
 *
 * SPEC_EXACT and SPEC_HISTORIC below are the tables of odds.md S3 and S4.3
 * transcribed row by row: fraction (or count over its sample space),
 * decimal, odds and exact ratio as printed; book text, source, book P and
 * verdict. Where odds.md writes N of "N to 1" with an exponent
 * (1.587533899e+11), whistlab prints every integer digit (158753389899). */
#include <csv.h>
#include <math.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>
#include "testutil.h"
#include "stats/binom_ci.h"
#include "stats/gof.h"
#include "analyze/odds/odds_exact.h"
#include "analyze/odds/odds_report.h"
#include "analyze/odds/odds_tables.h"

typedef struct {
    const char *table, *row;
    const char *fraction; /* NULL: the spec gives only the decimal */
    double decimal;       /* 7 significant digits */
    const char *odds, *ratio;
} spec_exact;

typedef struct {
    const char *table, *row, *text, *source;
    double book_p; /* NAN: no book P printed */
    const char *verdict;
} spec_historic;

/* odds.md S3.1 - S4.3, table by table. */
static const spec_exact SPEC_EXACT[] = {
    {"partner-cards", "m1.eq0", "2/3", 0.6666667, "2 to 1 on", "2 : 1 on"},
    {"partner-cards", "m1.eq1", "1/3", 0.3333333, "2 to 1 against", "2 : 1 against"},
    {"partner-cards", "m2.eq0", "25/57", 0.4385965, "1.28 to 1 against", "32 : 25 against"},
    {"partner-cards", "m2.eq1", "26/57", 0.4561404, "1.192308 to 1 against", "31 : 26 against"},
    {"partner-cards", "m2.eq2", "2/19", 0.1052632, "8.5 to 1 against", "17 : 2 against"},
    {"partner-cards", "m2.ge1", "32/57", 0.5614035, "1.28 to 1 on", "32 : 25 on"},
    {"partner-cards", "m3.eq0", "200/703", 0.284495, "2.515 to 1 against", "503 : 200 against"},
    {"partner-cards", "m3.eq1", "325/703", 0.4623044, "1.163077 to 1 against", "378 : 325 against"},
    {"partner-cards", "m3.eq2", "156/703", 0.2219061, "3.50641 to 1 against", "547 : 156 against"},
    {"partner-cards", "m3.eq3", "22/703", 0.03129445, "30.95455 to 1 against", "681 : 22 against"},
    {"partner-cards", "m3.ge1", "503/703", 0.715505, "2.515 to 1 on", "503 : 200 on"},
    {"partner-cards", "m3.ge2", "178/703", 0.2532006, "2.949438 to 1 against", "525 : 178 against"},
    {"partner-cards", "m4.eq0", "1150/6327", 0.1817607, "4.501739 to 1 against", "5177 : 1150 against"},
    {"partner-cards", "m4.eq1", "2600/6327", 0.4109373, "1.433462 to 1 against", "3727 : 2600 against"},
    {"partner-cards", "m4.eq2", "650/2109", 0.3082029, "2.244615 to 1 against", "1459 : 650 against"},
    {"partner-cards", "m4.eq3", "572/6327", 0.0904062, "10.06119 to 1 against", "5755 : 572 against"},
    {"partner-cards", "m4.eq4", "55/6327", 0.008692903, "114.0364 to 1 against", "6272 : 55 against"},
    {"partner-cards", "m4.ge1", "5177/6327", 0.8182393, "4.501739 to 1 on", "5177 : 1150 on"},
    {"partner-cards", "m4.ge2", "859/2109", 0.407302, "1.45518 to 1 against", "1250 : 859 against"},
    {"partner-cards", "m4.ge3", "11/111", 0.0990991, "9.090909 to 1 against", "100 : 11 against"},
    {"partner-cards", "m5.eq0", "5060/44289", 0.1142496, "7.752767 to 1 against", "39229 : 5060 against"},
    {"partner-cards", "m5.eq1", "14950/44289", 0.3375556, "1.962475 to 1 against", "29339 : 14950 against"},
    {"partner-cards", "m5.eq2", "5200/14763", 0.3522319, "1.839038 to 1 against", "9563 : 5200 against"},
    {"partner-cards", "m5.eq3", "7150/44289", 0.1614396, "5.194266 to 1 against", "37139 : 7150 against"},
    {"partner-cards", "m5.eq4", "1430/44289", 0.03228793, "29.97133 to 1 against", "42859 : 1430 against"},
    {"partner-cards", "m5.eq5", "11/4921", 0.002235318, "446.3636 to 1 against", "4910 : 11 against"},
    {"partner-cards", "m5.ge1", "39229/44289", 0.8857504, "7.752767 to 1 on", "39229 : 5060 on"},
    {"partner-cards", "m5.ge2", "8093/14763", 0.5481948, "1.213343 to 1 on", "8093 : 6670 on"},
    {"partner-cards", "m5.ge3", "2893/14763", 0.1959629, "4.103007 to 1 against", "11870 : 2893 against"},
    {"partner-cards", "m5.ge4", "1529/44289", 0.03452325, "27.96599 to 1 against", "42760 : 1529 against"},
    {"partner-cards", "m6.eq0", "2530/35853", 0.07056592, "13.17115 to 1 against", "33323 : 2530 against"},
    {"partner-cards", "m6.eq1", "65780/250971", 0.262102, "2.815309 to 1 against", "185191 : 65780 against"},
    {"partner-cards", "m6.eq2", "29900/83657", 0.3574118, "1.797893 to 1 against", "53757 : 29900 against"},
    {"partner-cards", "m6.eq3", "57200/250971", 0.2279148, "3.387605 to 1 against", "193771 : 57200 against"},
    {"partner-cards", "m6.eq4", "17875/250971", 0.07122337, "13.04034 to 1 against", "233096 : 17875 against"},
    {"partner-cards", "m6.eq5", "858/83657", 0.01025617, "96.50233 to 1 against", "82799 : 858 against"},
    {"partner-cards", "m6.eq6", "44/83657", 0.0005259572, "1900.295 to 1 against", "83613 : 44 against"},
    {"partner-cards", "m6.ge1", "33323/35853", 0.9294341, "13.17115 to 1 on", "33323 : 2530 on"},
    {"partner-cards", "m6.ge2", "55827/83657", 0.6673321, "2.006001 to 1 on", "55827 : 27830 on"},
    {"partner-cards", "m6.ge3", "25927/83657", 0.3099203, "2.226636 to 1 against", "57730 : 25927 against"},
    {"partner-cards", "m6.ge4", "20581/250971", 0.08200549, "11.19431 to 1 against", "230390 : 20581 against"},
    {"partner-cards", "m6.ge5", "902/83657", 0.01078212, "91.74612 to 1 against", "82755 : 902 against"},
    {"partner-cards", "tu.m1.eq0", "25/38", 0.6578947, NULL, NULL},
    {"partner-cards", "tud.m1.eq0", "13/19", 0.6842105, NULL, NULL},
    {"partner-cards", "tu.m1.eq1", "13/38", 0.3421053, NULL, NULL},
    {"partner-cards", "tud.m1.eq1", "6/19", 0.3157895, NULL, NULL},
    {"partner-cards", "tu.m2.eq0", "300/703", 0.4267425, NULL, NULL},
    {"partner-cards", "tud.m2.eq0", "325/703", 0.4623044, NULL, NULL},
    {"partner-cards", "tu.m2.eq1", "325/703", 0.4623044, NULL, NULL},
    {"partner-cards", "tud.m2.eq1", "312/703", 0.4438122, NULL, NULL},
    {"partner-cards", "tu.m2.eq2", "78/703", 0.1109531, NULL, NULL},
    {"partner-cards", "tud.m2.eq2", "66/703", 0.09388336, NULL, NULL},
    {"partner-cards", "tu.m2.ge1", "403/703", 0.5732575, NULL, NULL},
    {"partner-cards", "tud.m2.ge1", "378/703", 0.5376956, NULL, NULL},
    {"partner-cards", "tu.m3.eq0", "575/2109", 0.2726411, NULL, NULL},
    {"partner-cards", "tud.m3.eq0", "650/2109", 0.3082029, NULL, NULL},
    {"partner-cards", "tu.m3.eq1", "325/703", 0.4623044, NULL, NULL},
    {"partner-cards", "tud.m3.eq1", "325/703", 0.4623044, NULL, NULL},
    {"partner-cards", "tu.m3.eq2", "325/1406", 0.2311522, NULL, NULL},
    {"partner-cards", "tud.m3.eq2", "143/703", 0.2034139, NULL, NULL},
    {"partner-cards", "tu.m3.eq3", "143/4218", 0.03390232, NULL, NULL},
    {"partner-cards", "tud.m3.eq3", "55/2109", 0.02607871, NULL, NULL},
    {"partner-cards", "tu.m3.ge1", "1534/2109", 0.7273589, NULL, NULL},
    {"partner-cards", "tud.m3.ge1", "1459/2109", 0.6917971, NULL, NULL},
    {"partner-cards", "tu.m3.ge2", "559/2109", 0.2650545, NULL, NULL},
    {"partner-cards", "tud.m3.ge2", "484/2109", 0.2294927, NULL, NULL},
    {"partner-cards", "tu.m4.eq0", "2530/14763", 0.1713744, NULL, NULL},
    {"partner-cards", "tud.m4.eq0", "2990/14763", 0.2025334, NULL, NULL},
    {"partner-cards", "tu.m4.eq1", "5980/14763", 0.4050667, NULL, NULL},
    {"partner-cards", "tud.m4.eq1", "2080/4921", 0.4226783, NULL, NULL},
    {"partner-cards", "tu.m4.eq2", "1560/4921", 0.3170087, NULL, NULL},
    {"partner-cards", "tud.m4.eq2", "1430/4921", 0.2905913, NULL, NULL},
    {"partner-cards", "tu.m4.eq3", "1430/14763", 0.09686378, NULL, NULL},
    {"partner-cards", "tud.m4.eq3", "1144/14763", 0.07749102, NULL, NULL},
    {"partner-cards", "tu.m4.eq4", "143/14763", 0.009686378, NULL, NULL},
    {"partner-cards", "tud.m4.eq4", "33/4921", 0.006705954, NULL, NULL},
    {"partner-cards", "tu.m4.ge1", "12233/14763", 0.8286256, NULL, NULL},
    {"partner-cards", "tud.m4.ge1", "11773/14763", 0.7974666, NULL, NULL},
    {"partner-cards", "tu.m4.ge2", "169/399", 0.4235589, NULL, NULL},
    {"partner-cards", "tud.m4.ge2", "5533/14763", 0.3747883, NULL, NULL},
    {"partner-cards", "tu.m4.ge3", "1573/14763", 0.1065502, NULL, NULL},
    {"partner-cards", "tud.m4.ge3", "1243/14763", 0.08419698, NULL, NULL},
    {"dealer-trumps", "dealer.ge1", "1", 1.0, "certain", NULL},
    {"dealer-trumps", "dealer.ge2", "325299564/333515525", 0.9753656, "39.59361 to 1 on", "325299564 : 8215961 on"},
    {"dealer-trumps", "dealer.ge3", "46077264/54293225", 0.8486743, "5.608262 to 1 on", "46077264 : 8215961 on"},
    {"dealer-trumps", "dealer.ge4", "54571014/93384347", 0.58437, "1.405986 to 1 on", "54571014 : 38813333 on"},
    {"dealer-trumps", "dealer.ge5", "19390502/66703105", 0.2906986, "2.439989 to 1 against", "47312603 : 19390502 against"},
    {"dealer-trumps", "dealer.ge6", "9232435/93384347", 0.09886491, "9.114812 to 1 against", "84151912 : 9232435 against"},
    {"dealer-trumps", "dealer.ge7", "1054453/47645075", 0.02213142, "44.18464 to 1 against", "46590622 : 1054453 against"},
    {"dealer-trumps", "dealer.ge8", "149692/47645075", 0.003141815, "317.2874 to 1 against", "47495383 : 149692 against"},
    {"dealer-trumps", "dealer.ge9", "61106/226790557", 0.000269438, "3710.429 to 1 against", "226729451 : 61106 against"},
    {"dealer-trumps", "dealer.ge10", "411991/31750677980", 1.297582e-05, "77065.44 to 1 against", "31750265989 : 411991 against"},
    {"dealer-trumps", "dealer.ge11", "1975/6350135596", 3.11017e-07, "3215258 to 1 against", "6350133621 : 1975 against"},
    {"dealer-trumps", "dealer.ge12", "67/22679055700", 2.954268e-09, "338493367.7 to 1 against", "22679055633 : 67 against"},
    {"dealer-trumps", "dealer.ge13", "1/158753389900", 6.299078e-12, "158753389899 to 1 against", "158753389899 : 1 against"},
    {"dealer-trumps", "nondealer.ge1", "327827552/333515525", 0.9829454, "57.63522 to 1 on", "327827552 : 5687973 on"},
    {"dealer-trumps", "nondealer.ge2", "294963708/333515525", 0.8844077, "7.651097 to 1 on", "294963708 : 38551817 on"},
    {"dealer-trumps", "nondealer.ge3", "304498506/466921735", 0.6521404, "1.874723 to 1 on", "304498506 : 162423229 on"},
    {"dealer-trumps", "nondealer.ge4", "33475390/93384347", 0.358469, "1.789642 to 1 against", "59908957 : 33475390 against"},
    {"dealer-trumps", "nondealer.ge5", "64535783/466921735", 0.1382154, "6.235083 to 1 against", "402385952 : 64535783 against"},
    {"dealer-trumps", "nondealer.ge6", "11974573/333515525", 0.03590409, "26.85198 to 1 against", "321540952 : 11974573 against"},
    {"dealer-trumps", "nondealer.ge7", "7046/1162075", 0.006063292, "163.9269 to 1 against", "1155029 : 7046 against"},
    {"dealer-trumps", "nondealer.ge8", "42536/66703105", 0.0006376915, "1567.157 to 1 against", "66660569 : 42536 against"},
    {"dealer-trumps", "nondealer.ge9", "35633/907162228", 3.927963e-05, "25457.49 to 1 against", "907126595 : 35633 against"},
    {"dealer-trumps", "nondealer.ge10", "949/738387860", 1.285232e-06, "778068.4 to 1 against", "738386911 : 949 against"},
    {"dealer-trumps", "nondealer.ge11", "2977/158753389900", 1.875236e-08, "53326633.16 to 1 against", "158753386923 : 2977 against"},
    {"dealer-trumps", "nondealer.ge12", "13/158753389900", 8.188802e-11, "12211799222 to 1 against", "158753389887 : 13 against"},
    {"trump-count", "nondealer.eq0", "5687973/333515525", 0.0170546, NULL, NULL},
    {"trump-count", "dealer.eq1", "8215961/333515525", 0.02463442, NULL, NULL},
    {"trump-count", "nondealer.eq1", "32863844/333515525", 0.09853767, NULL, NULL},
    {"trump-count", "dealer.eq2", "295774596/2334608675", 0.1266913, NULL, NULL},
    {"trump-count", "nondealer.eq2", "542253426/2334608675", 0.2322674, NULL, NULL},
    {"trump-count", "dealer.eq3", "617047002/2334608675", 0.2643043, NULL, NULL},
    {"trump-count", "nondealer.eq3", "137121556/466921735", 0.2936714, NULL, NULL},
    {"trump-count", "dealer.eq4", "137121556/466921735", 0.2936714, NULL, NULL},
    {"trump-count", "nondealer.eq4", "102841167/466921735", 0.2202535, NULL, NULL},
    {"trump-count", "dealer.eq5", "89571339/466921735", 0.1918337, NULL, NULL},
    {"trump-count", "nondealer.eq5", "238856904/2334608675", 0.1023113, NULL, NULL},
    {"trump-count", "dealer.eq6", "179142678/2334608675", 0.07673349, NULL, NULL},
    {"trump-count", "nondealer.eq6", "9952371/333515525", 0.0298408, NULL, NULL},
    {"trump-count", "dealer.eq7", "904761/47645075", 0.0189896, NULL, NULL},
    {"trump-count", "nondealer.eq7", "1809522/333515525", 0.005425601, NULL, NULL},
    {"trump-count", "dealer.eq8", "16285698/5669763925", 0.002872377, NULL, NULL},
    {"trump-count", "nondealer.eq8", "2714283/4535811140", 0.0005984118, NULL, NULL},
    {"trump-count", "dealer.eq9", "8142849/31750677980", 0.0002564622, NULL, NULL},
    {"trump-count", "nondealer.eq9", "301587/7937669495", 3.79944e-05, NULL, NULL},
    {"trump-count", "dealer.eq10", "100529/7937669495", 1.26648e-05, NULL, NULL},
    {"trump-count", "nondealer.eq10", "100529/79376694950", 1.26648e-06, NULL, NULL},
    {"trump-count", "dealer.eq11", "24453/79376694950", 3.080627e-07, NULL, NULL},
    {"trump-count", "nondealer.eq11", "741/39688347475", 1.867047e-08, NULL, NULL},
    {"trump-count", "dealer.eq12", "117/39688347475", 2.947969e-09, NULL, NULL},
    {"trump-count", "nondealer.eq12", "13/158753389900", 8.188802e-11, NULL, NULL},
    {"trump-count", "dealer.eq13", "1/158753389900", 6.299078e-12, NULL, NULL},
    {"trump-count", "dealer.mean", "65/17", 3.823529, NULL, NULL},
    {"trump-count", "nondealer.mean", "52/17", 3.058824, NULL, NULL},
    {"two-hands", "m1.eq1", "1/2", 0.5, "evens", NULL},
    {"two-hands", "m2.eq0", "6/25", 0.24, "3.166667 to 1 against", NULL},
    {"two-hands", "m2.eq1", "13/25", 0.52, "1.083333 to 1 on", NULL},
    {"two-hands", "m2.eq2", "6/25", 0.24, "3.166667 to 1 against", NULL},
    {"two-hands", "m3.eq0", "11/100", 0.11, "8.090909 to 1 against", NULL},
    {"two-hands", "m3.eq1", "39/100", 0.39, "1.564103 to 1 against", NULL},
    {"two-hands", "m3.eq2", "39/100", 0.39, "1.564103 to 1 against", NULL},
    {"two-hands", "m3.eq3", "11/100", 0.11, "8.090909 to 1 against", NULL},
    {"two-hands", "m3.ge2", "1/2", 0.5, "evens", NULL},
    {"two-hands", "m3.eq2.given1-2", "1/2", 0.5, "evens", NULL},
    {"two-hands", "L404.K", "1/2", 0.5, "evens", NULL},
    {"two-hands", "L404.QJ", "13/100", 0.13, "6.692308 to 1 against", NULL},
    {"two-hands", "L404.rest", "37/100", 0.37, "1.702703 to 1 against", NULL},
    {"two-hands", "L566.KQsame", "12/25", 0.48, "1.083333 to 1 against", NULL},
    {"trump-exhaustion", "T5.le3", "229069/430236", 0.5324264, "1.138701 to 1 on", NULL},
    {"trump-exhaustion", "T5.le4", "20833/23902", 0.8716007, "6.788205 to 1 on", NULL},
    {"trump-exhaustion", "Tge5.le3", "13201574121/22395178684", 0.5894829, "1.435952 to 1 on", NULL},
    {"trump-exhaustion", "Tge5.le4", "5004526282/5598794671", 0.8938578, "8.421323 to 1 on", NULL},
    {"trump-exhaustion", "eldest.T5.le3", "7813/16872", 0.4630749, "1.159478 to 1 against", NULL},
    {"trump-exhaustion", "eldest.T5.le4", "80457/95608", 0.84153, "5.310343 to 1 on", NULL},
    {"trump-exhaustion", "eldest.Tge5.le3", "87018571/168785894", 0.5155559, "1.064222 to 1 on", NULL},
    {"trump-exhaustion", "eldest.Tge5.le4", "291858835/337571788", 0.864583, "6.384598 to 1 on", NULL},
    {"trump-exhaustion", "T4.r0", NULL, 3.373992e-06, NULL, NULL},
    {"trump-exhaustion", "T5.r0", NULL, 2.091875e-05, NULL, NULL},
    {"trump-exhaustion", "T6.r0", NULL, 0.0001115667, NULL, NULL},
    {"trump-exhaustion", "T7.r0", NULL, 0.0005259572, NULL, NULL},
    {"trump-exhaustion", "T8.r0", NULL, 0.002235318, NULL, NULL},
    {"trump-exhaustion", "T4.r1", NULL, 0.001526394, NULL, NULL},
    {"trump-exhaustion", "T5.r1", NULL, 0.005438875, NULL, NULL},
    {"trump-exhaustion", "T6.r1", NULL, 0.01704181, NULL, NULL},
    {"trump-exhaustion", "T7.r1", NULL, 0.04729232, NULL, NULL},
    {"trump-exhaustion", "T8.r1", NULL, 0.1162365, NULL, NULL},
    {"trump-exhaustion", "T4.r2", NULL, 0.05463438, NULL, NULL},
    {"trump-exhaustion", "T5.r2", NULL, 0.1174797, NULL, NULL},
    {"trump-exhaustion", "T6.r2", NULL, 0.2204557, NULL, NULL},
    {"trump-exhaustion", "T7.r2", NULL, 0.3574118, NULL, NULL},
    {"trump-exhaustion", "T8.r2", NULL, 0.4896024, NULL, NULL},
    {"trump-exhaustion", "T4.r3", NULL, 0.3107177, NULL, NULL},
    {"trump-exhaustion", "T5.r3", NULL, 0.4094869, NULL, NULL},
    {"trump-exhaustion", "T6.r3", NULL, 0.4602497, NULL, NULL},
    {"trump-exhaustion", "T7.r3", NULL, 0.4307589, NULL, NULL},
    {"trump-exhaustion", "T8.r3", NULL, 0.3228793, NULL, NULL},
    {"trump-exhaustion", "T4.r4", NULL, 0.4038365, NULL, NULL},
    {"trump-exhaustion", "T5.r4", NULL, 0.3391743, NULL, NULL},
    {"trump-exhaustion", "T6.r4", NULL, 0.2417278, NULL, NULL},
    {"trump-exhaustion", "T7.r4", NULL, 0.1424467, NULL, NULL},
    {"trump-exhaustion", "T8.r4", NULL, 0.06457585, NULL, NULL},
    {"trump-exhaustion", "T4.r5", NULL, 0.1815883, NULL, NULL},
    {"trump-exhaustion", "T5.r5", NULL, 0.1087775, NULL, NULL},
    {"trump-exhaustion", "T6.r5", NULL, 0.05438875, NULL, NULL},
    {"trump-exhaustion", "T7.r5", NULL, 0.02051233, NULL, NULL},
    {"trump-exhaustion", "T8.r5", NULL, 0.004470636, NULL, NULL},
    {"trump-exhaustion", "T4.r6", NULL, 0.04210742, NULL, NULL},
    {"trump-exhaustion", "T5.r6", NULL, 0.01812958, NULL, NULL},
    {"trump-exhaustion", "T6.r6", NULL, 0.005801467, NULL, NULL},
    {"trump-exhaustion", "T7.r6", NULL, 0.001051914, NULL, NULL},
    {"trump-exhaustion", "T4.r7", NULL, 0.005263428, NULL, NULL},
    {"trump-exhaustion", "T5.r7", NULL, 0.001450367, NULL, NULL},
    {"trump-exhaustion", "T6.r7", NULL, 0.0002231334, NULL, NULL},
    {"trump-exhaustion", "T4.r8", NULL, 0.0003158057, NULL, NULL},
    {"trump-exhaustion", "T5.r8", NULL, 4.18375e-05, NULL, NULL},
    {"trump-exhaustion", "T4.r9", NULL, 6.747984e-06, NULL, NULL},
    {"trump-exhaustion", "T4.le1", NULL, 0.001529768, NULL, NULL},
    {"trump-exhaustion", "T5.le1", NULL, 0.005459794, NULL, NULL},
    {"trump-exhaustion", "T6.le1", NULL, 0.01715338, NULL, NULL},
    {"trump-exhaustion", "T7.le1", NULL, 0.04781827, NULL, NULL},
    {"trump-exhaustion", "T8.le1", NULL, 0.1184719, NULL, NULL},
    {"trump-exhaustion", "Tge5.le1", NULL, 0.01122696, NULL, NULL},
    {"trump-exhaustion", "T4.le2", NULL, 0.05616415, NULL, NULL},
    {"trump-exhaustion", "T5.le2", NULL, 0.1229395, NULL, NULL},
    {"trump-exhaustion", "T6.le2", NULL, 0.2376091, NULL, NULL},
    {"trump-exhaustion", "T7.le2", NULL, 0.4052301, NULL, NULL},
    {"trump-exhaustion", "T8.le2", NULL, 0.6080742, NULL, NULL},
    {"trump-exhaustion", "Tge5.le2", NULL, 0.1676687, NULL, NULL},
    {"trump-exhaustion", "T4.le3", NULL, 0.3668818, NULL, NULL},
    {"trump-exhaustion", "T5.le3", NULL, 0.5324264, NULL, NULL},
    {"trump-exhaustion", "T6.le3", NULL, 0.6978588, NULL, NULL},
    {"trump-exhaustion", "T7.le3", NULL, 0.835989, NULL, NULL},
    {"trump-exhaustion", "T8.le3", NULL, 0.9309535, NULL, NULL},
    {"trump-exhaustion", "Tge5.le3", NULL, 0.5894829, NULL, NULL},
    {"trump-exhaustion", "T4.le4", NULL, 0.7707183, NULL, NULL},
    {"trump-exhaustion", "T5.le4", NULL, 0.8716007, NULL, NULL},
    {"trump-exhaustion", "T6.le4", NULL, 0.9395866, NULL, NULL},
    {"trump-exhaustion", "T7.le4", NULL, 0.9784358, NULL, NULL},
    {"trump-exhaustion", "T8.le4", NULL, 0.9955294, NULL, NULL},
    {"trump-exhaustion", "Tge5.le4", NULL, 0.8938578, NULL, NULL},
    {"trump-exhaustion", "T4.le5", NULL, 0.9523066, NULL, NULL},
    {"trump-exhaustion", "T5.le5", NULL, 0.9803782, NULL, NULL},
    {"trump-exhaustion", "T6.le5", NULL, 0.9939754, NULL, NULL},
    {"trump-exhaustion", "T7.le5", NULL, 0.9989481, NULL, NULL},
    {"trump-exhaustion", "Tge5.le5", NULL, 0.9846523, NULL, NULL},
    {"trump-exhaustion", "T4.le6", NULL, 0.994414, NULL, NULL},
    {"trump-exhaustion", "T5.le6", NULL, 0.9985078, NULL, NULL},
    {"trump-exhaustion", "T6.le6", NULL, 0.9997769, NULL, NULL},
    {"trump-exhaustion", "Tge5.le6", NULL, 0.9988922, NULL, NULL},
    {"trump-exhaustion", "T4.le7", NULL, 0.9996774, NULL, NULL},
    {"trump-exhaustion", "T5.le7", NULL, 0.9999582, NULL, NULL},
    {"trump-exhaustion", "Tge5.le7", NULL, 0.9999704, NULL, NULL},
    {"trump-exhaustion", "T4.le8", NULL, 0.9999933, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.r1", NULL, 0.0004824809, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.r1", NULL, 0.001903606, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.r1", NULL, 0.006682047, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.r1", NULL, 0.02108212, NULL, NULL},
    {"trump-exhaustion", "eldest.T8.r1", NULL, 0.06005554, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.r2", NULL, 0.03326486, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.r2", NULL, 0.07852376, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.r2", NULL, 0.1631663, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.r2", NULL, 0.2958748, NULL, NULL},
    {"trump-exhaustion", "eldest.T8.r2", NULL, 0.458606, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.r3", NULL, 0.2682594, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.r3", NULL, 0.3826475, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.r3", NULL, 0.4669145, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.r3", NULL, 0.4752023, NULL, NULL},
    {"trump-exhaustion", "eldest.T8.r3", NULL, 0.3874551, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.r4", NULL, 0.4260306, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.r4", NULL, 0.3784551, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.r4", NULL, 0.2848935, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.r4", NULL, 0.1780584, NULL, NULL},
    {"trump-exhaustion", "eldest.T8.r4", NULL, 0.0871774, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.r5", NULL, 0.211853, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.r5", NULL, 0.1325726, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.r5", NULL, 0.0699284, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.r5", NULL, 0.02820445, NULL, NULL},
    {"trump-exhaustion", "eldest.T8.r5", NULL, 0.006705954, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.r6", NULL, 0.05263428, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.r6", NULL, 0.02379508, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.r6", NULL, 0.008080615, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.r6", NULL, 0.001577872, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.r7", NULL, 0.007017904, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.r7", NULL, 0.002039578, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.r7", NULL, 0.0003347, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.r8", NULL, 0.0004473914, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.r8", NULL, 6.275625e-05, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.r9", NULL, 1.012198e-05, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.le1", NULL, 0.0004824809, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.le1", NULL, 0.001903606, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.le1", NULL, 0.006682047, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.le1", NULL, 0.02108212, NULL, NULL},
    {"trump-exhaustion", "eldest.T8.le1", NULL, 0.06005554, NULL, NULL},
    {"trump-exhaustion", "eldest.Tge5.le1", NULL, 0.003985026, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.le2", NULL, 0.03374734, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.le2", NULL, 0.08042737, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.le2", NULL, 0.1698483, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.le2", NULL, 0.3169569, NULL, NULL},
    {"trump-exhaustion", "eldest.T8.le2", NULL, 0.5186615, NULL, NULL},
    {"trump-exhaustion", "eldest.Tge5.le2", NULL, 0.1111037, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.le3", NULL, 0.3020067, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.le3", NULL, 0.4630749, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.le3", NULL, 0.6367628, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.le3", NULL, 0.7921593, NULL, NULL},
    {"trump-exhaustion", "eldest.T8.le3", NULL, 0.9061166, NULL, NULL},
    {"trump-exhaustion", "eldest.Tge5.le3", NULL, 0.5155559, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.le4", NULL, 0.7280373, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.le4", NULL, 0.84153, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.le4", NULL, 0.9216563, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.le4", NULL, 0.9702177, NULL, NULL},
    {"trump-exhaustion", "eldest.T8.le4", NULL, 0.993294, NULL, NULL},
    {"trump-exhaustion", "eldest.Tge5.le4", NULL, 0.864583, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.le5", NULL, 0.9398903, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.le5", NULL, 0.9741026, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.le5", NULL, 0.9915847, NULL, NULL},
    {"trump-exhaustion", "eldest.T7.le5", NULL, 0.9984221, NULL, NULL},
    {"trump-exhaustion", "eldest.Tge5.le5", NULL, 0.9789511, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.le6", NULL, 0.9925246, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.le6", NULL, 0.9978977, NULL, NULL},
    {"trump-exhaustion", "eldest.T6.le6", NULL, 0.9996653, NULL, NULL},
    {"trump-exhaustion", "eldest.Tge5.le6", NULL, 0.9983715, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.le7", NULL, 0.9995425, NULL, NULL},
    {"trump-exhaustion", "eldest.T5.le7", NULL, 0.9999372, NULL, NULL},
    {"trump-exhaustion", "eldest.Tge5.le7", NULL, 0.9999535, NULL, NULL},
    {"trump-exhaustion", "eldest.T4.le8", NULL, 0.9999899, NULL, NULL},
    {"claims", "epitome-L2157", "1/3", 0.3333333, "2 to 1 against", "2 : 1 against"},
    {"claims", "dicks-L939", "2/3", 0.6666667, "2 to 1 on", "2 : 1 on"},
    {"claims", "dicks-L1695.ge1", "5177/6327", 0.8182393, "4.501739 to 1 on", "5177 : 1150 on"},
    {"claims", "dicks-L1695.ge2", "859/2109", 0.407302, "1.45518 to 1 against", "1250 : 859 against"},
    {"claims", "foster-L1647", "1/3", 0.3333333, "2 to 1 against", "2 : 1 against"},
    {"claims", "foster-L1717", "1/2", 0.5, "evens", "1 : 1"},
    {"hoyle", "calc1", "32/57", 0.5614035, "1.28 to 1 on", "32 : 25 on"},
    {"hoyle", "calc2", "503/703", 0.715505, "2.515 to 1 on", "503 : 200 on"},
    {"hoyle", "calc3", "5177/6327", 0.8182393, "4.501739 to 1 on", "5177 : 1150 on"},
    {"hoyle", "not-ace", "1/3", 0.3333333, "2 to 1 against", "2 : 1 against"},
    {"hoyle", "ace-or-queen", "32/57", 0.5614035, "1.28 to 1 on", "32 : 25 on"},
    {"hoyle", "two-trumps", "3/14", 0.2142857, "3.666667 to 1 against", "11 : 3 against"},
    {"suit-splits", "n2.2-0", "4992288/10400600", 0.48, NULL, NULL},
    {"suit-splits", "n2.2-0.layout", "2496144/10400600", 0.24, NULL, NULL},
    {"suit-splits", "n2.1-1", "5408312/10400600", 0.52, NULL, NULL},
    {"suit-splits", "n2.1-1.layout", "2704156/10400600", 0.26, NULL, NULL},
    {"suit-splits", "n3.3-0", "2288132/10400600", 0.22, NULL, NULL},
    {"suit-splits", "n3.3-0.layout", "1144066/10400600", 0.11, NULL, NULL},
    {"suit-splits", "n3.2-1", "8112468/10400600", 0.78, NULL, NULL},
    {"suit-splits", "n3.2-1.layout", "1352078/10400600", 0.13, NULL, NULL},
    {"suit-splits", "n4.4-0", "994840/10400600", 0.09565217, NULL, NULL},
    {"suit-splits", "n4.4-0.layout", "497420/10400600", 0.04782609, NULL, NULL},
    {"suit-splits", "n4.3-1", "5173168/10400600", 0.4973913, NULL, NULL},
    {"suit-splits", "n4.3-1.layout", "646646/10400600", 0.06217391, NULL, NULL},
    {"suit-splits", "n4.2-2", "4232592/10400600", 0.4069565, NULL, NULL},
    {"suit-splits", "n4.2-2.layout", "705432/10400600", 0.06782609, NULL, NULL},
    {"suit-splits", "n5.5-0", "406980/10400600", 0.03913043, NULL, NULL},
    {"suit-splits", "n5.5-0.layout", "203490/10400600", 0.01956522, NULL, NULL},
    {"suit-splits", "n5.4-1", "2939300/10400600", 0.2826087, NULL, NULL},
    {"suit-splits", "n5.4-1.layout", "293930/10400600", 0.02826087, NULL, NULL},
    {"suit-splits", "n5.3-2", "7054320/10400600", 0.6782609, NULL, NULL},
    {"suit-splits", "n5.3-2.layout", "352716/10400600", 0.03391304, NULL, NULL},
    {"suit-splits", "n6.6-0", "155040/10400600", 0.01490683, NULL, NULL},
    {"suit-splits", "n6.6-0.layout", "77520/10400600", 0.007453416, NULL, NULL},
    {"suit-splits", "n6.5-1", "1511640/10400600", 0.1453416, NULL, NULL},
    {"suit-splits", "n6.5-1.layout", "125970/10400600", 0.0121118, NULL, NULL},
    {"suit-splits", "n6.4-2", "5038800/10400600", 0.484472, NULL, NULL},
    {"suit-splits", "n6.4-2.layout", "167960/10400600", 0.01614907, NULL, NULL},
    {"suit-splits", "n6.3-3", "3695120/10400600", 0.3552795, NULL, NULL},
    {"suit-splits", "n6.3-3.layout", "184756/10400600", 0.01776398, NULL, NULL},
    {"suit-splits", "n7.7-0", "54264/10400600", 0.005217391, NULL, NULL},
    {"suit-splits", "n7.7-0.layout", "27132/10400600", 0.002608696, NULL, NULL},
    {"suit-splits", "n7.6-1", "705432/10400600", 0.06782609, NULL, NULL},
    {"suit-splits", "n7.6-1.layout", "50388/10400600", 0.00484472, NULL, NULL},
    {"suit-splits", "n7.5-2", "3174444/10400600", 0.3052174, NULL, NULL},
    {"suit-splits", "n7.5-2.layout", "75582/10400600", 0.007267081, NULL, NULL},
    {"suit-splits", "n7.4-3", "6466460/10400600", 0.6217391, NULL, NULL},
    {"suit-splits", "n7.4-3.layout", "92378/10400600", 0.008881988, NULL, NULL},
    {"suit-splits", "n8.8-0", "17136/10400600", 0.001647597, NULL, NULL},
    {"suit-splits", "n8.8-0.layout", "8568/10400600", 0.0008237986, NULL, NULL},
    {"suit-splits", "n8.7-1", "297024/10400600", 0.02855835, NULL, NULL},
    {"suit-splits", "n8.7-1.layout", "18564/10400600", 0.001784897, NULL, NULL},
    {"suit-splits", "n8.6-2", "1782144/10400600", 0.1713501, NULL, NULL},
    {"suit-splits", "n8.6-2.layout", "31824/10400600", 0.003059823, NULL, NULL},
    {"suit-splits", "n8.5-3", "4900896/10400600", 0.4712128, NULL, NULL},
    {"suit-splits", "n8.5-3.layout", "43758/10400600", 0.004207257, NULL, NULL},
    {"suit-splits", "n8.4-4", "3403400/10400600", 0.3272311, NULL, NULL},
    {"suit-splits", "n8.4-4.layout", "48620/10400600", 0.00467473, NULL, NULL},
    {"suit-splits", "n9.9-0", "4760/10400600", 0.0004576659, NULL, NULL},
    {"suit-splits", "n9.9-0.layout", "2380/10400600", 0.000228833, NULL, NULL},
    {"suit-splits", "n9.8-1", "111384/10400600", 0.01070938, NULL, NULL},
    {"suit-splits", "n9.8-1.layout", "6188/10400600", 0.0005949657, NULL, NULL},
    {"suit-splits", "n9.7-2", "891072/10400600", 0.08567506, NULL, NULL},
    {"suit-splits", "n9.7-2.layout", "12376/10400600", 0.001189931, NULL, NULL},
    {"suit-splits", "n9.6-3", "3267264/10400600", 0.3141419, NULL, NULL},
    {"suit-splits", "n9.6-3.layout", "19448/10400600", 0.001869892, NULL, NULL},
    {"suit-splits", "n9.5-4", "6126120/10400600", 0.589016, NULL, NULL},
    {"suit-splits", "n9.5-4.layout", "24310/10400600", 0.002337365, NULL, NULL},
    {"suit-splits", "n10.10-0", "1120/10400600", 0.0001076861, NULL, NULL},
    {"suit-splits", "n10.10-0.layout", "560/10400600", 5.384305e-05, NULL, NULL},
    {"suit-splits", "n10.9-1", "36400/10400600", 0.003499798, NULL, NULL},
    {"suit-splits", "n10.9-1.layout", "1820/10400600", 0.0001749899, NULL, NULL},
    {"suit-splits", "n10.8-2", "393120/10400600", 0.03779782, NULL, NULL},
    {"suit-splits", "n10.8-2.layout", "4368/10400600", 0.0004199758, NULL, NULL},
    {"suit-splits", "n10.7-3", "1921920/10400600", 0.1847893, NULL, NULL},
    {"suit-splits", "n10.7-3.layout", "8008/10400600", 0.0007699556, NULL, NULL},
    {"suit-splits", "n10.6-4", "4804800/10400600", 0.4619733, NULL, NULL},
    {"suit-splits", "n10.6-4.layout", "11440/10400600", 0.001099937, NULL, NULL},
    {"suit-splits", "n10.5-5", "3243240/10400600", 0.311832, NULL, NULL},
    {"suit-splits", "n10.5-5.layout", "12870/10400600", 0.001237429, NULL, NULL},
    {"suit-splits", "n11.11-0", "210/10400600", 2.019114e-05, NULL, NULL},
    {"suit-splits", "n11.11-0.layout", "105/10400600", 1.009557e-05, NULL, NULL},
    {"suit-splits", "n11.10-1", "10010/10400600", 0.0009624445, NULL, NULL},
    {"suit-splits", "n11.10-1.layout", "455/10400600", 4.374748e-05, NULL, NULL},
    {"suit-splits", "n11.9-2", "150150/10400600", 0.01443667, NULL, NULL},
    {"suit-splits", "n11.9-2.layout", "1365/10400600", 0.0001312424, NULL, NULL},
    {"suit-splits", "n11.8-3", "990990/10400600", 0.095282, NULL, NULL},
    {"suit-splits", "n11.8-3.layout", "3003/10400600", 0.0002887333, NULL, NULL},
    {"suit-splits", "n11.7-4", "3303300/10400600", 0.3176067, NULL, NULL},
    {"suit-splits", "n11.7-4.layout", "5005/10400600", 0.0004812222, NULL, NULL},
    {"suit-splits", "n11.6-5", "5945940/10400600", 0.571692, NULL, NULL},
    {"suit-splits", "n11.6-5.layout", "6435/10400600", 0.0006187143, NULL, NULL},
    {"suit-splits", "n12.12-0", "28/10400600", 2.692152e-06, NULL, NULL},
    {"suit-splits", "n12.12-0.layout", "14/10400600", 1.346076e-06, NULL, NULL},
    {"suit-splits", "n12.11-1", "2184/10400600", 0.0002099879, NULL, NULL},
    {"suit-splits", "n12.11-1.layout", "91/10400600", 8.749495e-06, NULL, NULL},
    {"suit-splits", "n12.10-2", "48048/10400600", 0.004619733, NULL, NULL},
    {"suit-splits", "n12.10-2.layout", "364/10400600", 3.499798e-05, NULL, NULL},
    {"suit-splits", "n12.9-3", "440440/10400600", 0.04234756, NULL, NULL},
    {"suit-splits", "n12.9-3.layout", "1001/10400600", 9.624445e-05, NULL, NULL},
    {"suit-splits", "n12.8-4", "1981980/10400600", 0.190564, NULL, NULL},
    {"suit-splits", "n12.8-4.layout", "2002/10400600", 0.0001924889, NULL, NULL},
    {"suit-splits", "n12.7-5", "4756752/10400600", 0.4573536, NULL, NULL},
    {"suit-splits", "n12.7-5.layout", "3003/10400600", 0.0002887333, NULL, NULL},
    {"suit-splits", "n12.6-6", "3171168/10400600", 0.3049024, NULL, NULL},
    {"suit-splits", "n12.6-6.layout", "3432/10400600", 0.000329981, NULL, NULL},
    {"suit-splits", "n13.13-0", "2/10400600", 1.922966e-07, NULL, NULL},
    {"suit-splits", "n13.13-0.layout", "1/10400600", 9.61483e-08, NULL, NULL},
    {"suit-splits", "n13.12-1", "338/10400600", 3.249813e-05, NULL, NULL},
    {"suit-splits", "n13.12-1.layout", "13/10400600", 1.249928e-06, NULL, NULL},
    {"suit-splits", "n13.11-2", "12168/10400600", 0.001169933, NULL, NULL},
    {"suit-splits", "n13.11-2.layout", "78/10400600", 7.499567e-06, NULL, NULL},
    {"suit-splits", "n13.10-3", "163592/10400600", 0.01572909, NULL, NULL},
    {"suit-splits", "n13.10-3.layout", "286/10400600", 2.749841e-05, NULL, NULL},
    {"suit-splits", "n13.9-4", "1022450/10400600", 0.09830683, NULL, NULL},
    {"suit-splits", "n13.9-4.layout", "715/10400600", 6.874603e-05, NULL, NULL},
    {"suit-splits", "n13.8-5", "3312738/10400600", 0.3185141, NULL, NULL},
    {"suit-splits", "n13.8-5.layout", "1287/10400600", 0.0001237429, NULL, NULL},
    {"suit-splits", "n13.7-6", "5889312/10400600", 0.5662473, NULL, NULL},
    {"suit-splits", "n13.7-6.layout", "1716/10400600", 0.0001649905, NULL, NULL},
    {"hand-patterns", "4-4-3-2", "136852887600/635013559600", 0.2155118, "3.640118 to 1 against", NULL},
    {"hand-patterns", "5-3-3-2", "98534079072/635013559600", 0.1551685, "5.444608 to 1 against", NULL},
    {"hand-patterns", "5-4-3-1", "82111732560/635013559600", 0.1293071, "6.73353 to 1 against", NULL},
    {"hand-patterns", "5-4-2-2", "67182326640/635013559600", 0.1057967, "8.452092 to 1 against", NULL},
    {"hand-patterns", "4-3-3-3", "66905856160/635013559600", 0.1053613, "8.491151 to 1 against", NULL},
    {"hand-patterns", "6-3-2-2", "35830574208/635013559600", 0.0564249, "16.72267 to 1 against", NULL},
    {"hand-patterns", "6-4-2-1", "29858811840/635013559600", 0.04702075, "20.26721 to 1 against", NULL},
    {"hand-patterns", "6-3-3-1", "21896462016/635013559600", 0.03448188, "28.00074 to 1 against", NULL},
    {"hand-patterns", "5-5-2-1", "20154697992/635013559600", 0.031739, "30.50697 to 1 against", NULL},
    {"hand-patterns", "4-4-4-1", "19007345500/635013559600", 0.02993219, "32.40885 to 1 against", NULL},
    {"hand-patterns", "7-3-2-1", "11943524736/635013559600", 0.0188083, "52.16802 to 1 against", NULL},
    {"hand-patterns", "6-4-3-0", "8421716160/635013559600", 0.01326226, "74.40192 to 1 against", NULL},
    {"hand-patterns", "5-4-4-0", "7895358900/635013559600", 0.01243337, "79.42871 to 1 against", NULL},
    {"hand-patterns", "5-5-3-0", "5684658408/635013559600", 0.008952027, "110.7065 to 1 against", NULL},
    {"hand-patterns", "6-5-1-1", "4478821776/635013559600", 0.007053112, "140.7814 to 1 against", NULL},
    {"hand-patterns", "6-5-2-0", "4134297024/635013559600", 0.006510565, "152.5965 to 1 against", NULL},
    {"hand-patterns", "7-2-2-2", "3257324928/635013559600", 0.005129536, "193.9494 to 1 against", NULL},
    {"hand-patterns", "7-4-1-1", "2488234320/635013559600", 0.003918396, "254.2065 to 1 against", NULL},
    {"hand-patterns", "7-4-2-0", "2296831680/635013559600", 0.003616981, "275.4737 to 1 against", NULL},
    {"hand-patterns", "7-3-3-0", "1684343232/635013559600", 0.002652452, "376.0096 to 1 against", NULL},
    {"hand-patterns", "8-2-2-1", "1221496848/635013559600", 0.001923576, "518.8651 to 1 against", NULL},
    {"hand-patterns", "8-3-1-1", "746470296/635013559600", 0.001175519, "849.6883 to 1 against", NULL},
    {"hand-patterns", "8-3-2-0", "689049504/635013559600", 0.001085094, "920.579 to 1 against", NULL},
    {"hand-patterns", "7-5-1-0", "689049504/635013559600", 0.001085094, "920.579 to 1 against", NULL},
    {"hand-patterns", "6-6-1-0", "459366336/635013559600", 0.0007233961, "1381.369 to 1 against", NULL},
    {"hand-patterns", "8-4-1-0", "287103960/635013559600", 0.0004521226, "2210.79 to 1 against", NULL},
    {"hand-patterns", "9-2-1-1", "113101560/635013559600", 0.0001781089, "5613.543 to 1 against", NULL},
    {"hand-patterns", "9-3-1-0", "63800880/635013559600", 0.0001004717, "9952.053 to 1 against", NULL},
    {"hand-patterns", "9-2-2-0", "52200720/635013559600", 8.22041e-05, "12163.84 to 1 against", NULL},
    {"hand-patterns", "7-6-0-0", "35335872/635013559600", 5.564585e-05, "17969.79 to 1 against", NULL},
    {"hand-patterns", "8-5-0-0", "19876428/635013559600", 3.130079e-05, "31947.07 to 1 against", NULL},
    {"hand-patterns", "10-2-1-0", "6960096/635013559600", 1.096055e-05, "91235.32 to 1 against", NULL},
    {"hand-patterns", "9-4-0-0", "6134700/635013559600", 9.660739e-06, "103510.8 to 1 against", NULL},
    {"hand-patterns", "10-1-1-1", "2513368/635013559600", 3.957975e-06, "252653.4 to 1 against", NULL},
    {"hand-patterns", "10-3-0-0", "981552/635013559600", 1.545718e-06, "646947.5 to 1 against", NULL},
    {"hand-patterns", "11-1-1-0", "158184/635013559600", 2.491033e-07, "4014397 to 1 against", NULL},
    {"hand-patterns", "11-2-0-0", "73008/635013559600", 1.149708e-07, "8697862 to 1 against", NULL},
    {"hand-patterns", "12-1-0-0", "2028/635013559600", 3.193633e-09, "313123056 to 1 against", NULL},
    {"hand-patterns", "13-0-0-0", "4/635013559600", 6.299078e-12, "158753389899 to 1 against", NULL},
    {"hand-shape", "longest.eq4", "222766089260/635013559600", 0.3508052, NULL, NULL},
    {"hand-shape", "longest.eq5", "281562853572/635013559600", 0.4433966, NULL, NULL},
    {"hand-shape", "longest.eq6", "105080049360/635013559600", 0.1654769, NULL, NULL},
    {"hand-shape", "longest.eq7", "22394644272/635013559600", 0.0352664, NULL, NULL},
    {"hand-shape", "longest.eq8", "2963997036/635013559600", 0.004667612, NULL, NULL},
    {"hand-shape", "longest.eq9", "235237860/635013559600", 0.0003704454, NULL, NULL},
    {"hand-shape", "longest.eq10", "10455016/635013559600", 1.646424e-05, NULL, NULL},
    {"hand-shape", "longest.eq11", "231192/635013559600", 3.640741e-07, NULL, NULL},
    {"hand-shape", "longest.eq12", "2028/635013559600", 3.193633e-09, NULL, NULL},
    {"hand-shape", "longest.eq13", "4/635013559600", 6.299078e-12, NULL, NULL},
    {"hand-shape", "longest.ge4", "635013559600/635013559600", 1.0, NULL, NULL},
    {"hand-shape", "shortest.eq0", "32427298180/635013559600", 0.05106552, NULL, NULL},
    {"hand-shape", "shortest.eq1", "194023212812/635013559600", 0.3055418, NULL, NULL},
    {"hand-shape", "shortest.eq2", "341657192448/635013559600", 0.5380313, NULL, NULL},
    {"hand-shape", "shortest.eq3", "66905856160/635013559600", 0.1053613, NULL, NULL},
    {"hand-shape", "balanced", "302292822832/635013559600", 0.4760415, NULL, NULL},
    {"suit-length", "eq0", "8122425444/635013559600", 0.01279095, NULL, NULL},
    {"suit-length", "eq1", "50840366668/635013559600", 0.08006186, NULL, NULL},
    {"suit-length", "eq2", "130732371432/635013559600", 0.2058734, NULL, NULL},
    {"suit-length", "eq3", "181823183256/635013559600", 0.2863296, NULL, NULL},
    {"suit-length", "eq4", "151519319380/635013559600", 0.238608, NULL, NULL},
    {"suit-length", "eq5", "79181063676/635013559600", 0.1246919, NULL, NULL},
    {"suit-length", "eq6", "26393687892/635013559600", 0.04156398, NULL, NULL},
    {"suit-length", "eq7", "5598661068/635013559600", 0.008816601, NULL, NULL},
    {"suit-length", "eq8", "740999259/635013559600", 0.001166903, NULL, NULL},
    {"suit-length", "eq9", "58809465/635013559600", 9.261135e-05, NULL, NULL},
    {"suit-length", "eq10", "2613754/635013559600", 4.11606e-06, NULL, NULL},
    {"suit-length", "eq11", "57798/635013559600", 9.101853e-08, NULL, NULL},
    {"suit-length", "eq12", "507/635013559600", 7.984081e-10, NULL, NULL},
    {"suit-length", "eq13", "1/635013559600", 1.57477e-12, NULL, NULL},
    {"honours", "prior.side.eq0", "46/833", 0.05522209, "17.1087 to 1 against", NULL},
    {"honours", "prior.side.eq1", "208/833", 0.2496999, "3.004808 to 1 against", NULL},
    {"honours", "prior.side.eq2", "325/833", 0.3901561, "1.563077 to 1 against", NULL},
    {"honours", "prior.side.eq3", "208/833", 0.2496999, "3.004808 to 1 against", NULL},
    {"honours", "prior.side.eq4", "46/833", 0.05522209, "17.1087 to 1 against", NULL},
    {"honours", "prior.deal.score4", "92/833", 0.1104442, "8.054348 to 1 against", NULL},
    {"honours", "prior.deal.score2", "416/833", 0.4993998, "1.002404 to 1 against", NULL},
    {"honours", "prior.deal.score0", "325/833", 0.3901561, "1.563077 to 1 against", NULL},
    {"honours", "prior.side.mean-net", "0", 0.0, NULL, NULL},
    {"honours", "prior.deal.mean-points", "1200/833", 1.440576, NULL, NULL},
    {"honours", "whist.dealer-side.eq0", "69/1666", 0.04141657, "23.14493 to 1 against", NULL},
    {"honours", "whist.dealer-side.eq1", "26/119", 0.2184874, "3.576923 to 1 against", NULL},
    {"honours", "whist.dealer-side.eq2", "325/833", 0.3901561, "1.563077 to 1 against", NULL},
    {"honours", "whist.dealer-side.eq3", "234/833", 0.2809124, "2.559829 to 1 against", NULL},
    {"honours", "whist.dealer-side.eq4", "115/1666", 0.06902761, "13.48696 to 1 against", NULL},
    {"honours", "whist.deal.score4", "92/833", 0.1104442, "8.054348 to 1 against", NULL},
    {"honours", "whist.deal.score2", "416/833", 0.4993998, "1.002404 to 1 against", NULL},
    {"honours", "whist.deal.score0", "325/833", 0.3901561, "1.563077 to 1 against", NULL},
    {"honours", "whist.dealer-side.mean-net", "4/17", 0.2352941, NULL, NULL},
    {"honours", "whist.deal.mean-points", "1200/833", 1.440576, NULL, NULL},
    {"honours", "tu-hon.dealer-side.eq1", "104/833", 0.1248499, "7.009615 to 1 against", NULL},
    {"honours", "tu-hon.dealer-side.eq2", "325/833", 0.3901561, "1.563077 to 1 against", NULL},
    {"honours", "tu-hon.dealer-side.eq3", "312/833", 0.3745498, "1.669872 to 1 against", NULL},
    {"honours", "tu-hon.dealer-side.eq4", "92/833", 0.1104442, "8.054348 to 1 against", NULL},
    {"honours", "tu-hon.deal.score4", "92/833", 0.1104442, "8.054348 to 1 against", NULL},
    {"honours", "tu-hon.deal.score2", "416/833", 0.4993998, "1.002404 to 1 against", NULL},
    {"honours", "tu-hon.deal.score0", "325/833", 0.3901561, "1.563077 to 1 against", NULL},
    {"honours", "tu-hon.dealer-side.mean-net", "16/17", 0.9411765, NULL, NULL},
    {"honours", "tu-hon.deal.mean-points", "1200/833", 1.440576, NULL, NULL},
    {"honours", "tu-small.dealer-side.eq0", "299/4998", 0.05982393, "15.71572 to 1 against", NULL},
    {"honours", "tu-small.dealer-side.eq1", "650/2499", 0.260104, "2.844615 to 1 against", NULL},
    {"honours", "tu-small.dealer-side.eq2", "325/833", 0.3901561, "1.563077 to 1 against", NULL},
    {"honours", "tu-small.dealer-side.eq3", "598/2499", 0.2392957, "3.17893 to 1 against", NULL},
    {"honours", "tu-small.dealer-side.eq4", "253/4998", 0.05062025, "18.75494 to 1 against", NULL},
    {"honours", "tu-small.deal.score4", "92/833", 0.1104442, "8.054348 to 1 against", NULL},
    {"honours", "tu-small.deal.score2", "416/833", 0.4993998, "1.002404 to 1 against", NULL},
    {"honours", "tu-small.deal.score0", "325/833", 0.3901561, "1.563077 to 1 against", NULL},
    {"honours", "tu-small.dealer-side.mean-net", "-4/51", -0.07843137, NULL, NULL},
    {"honours", "tu-small.deal.mean-points", "1200/833", 1.440576, NULL, NULL},
    {"honours", "hand.mean-per-suit", "1", 1.0, NULL, NULL},
    {"hcp", "eq0", "2310789600/635013559600", 0.003638961, NULL, NULL},
    {"hcp", "eq1", "5006710800/635013559600", 0.007884416, NULL, NULL},
    {"hcp", "eq2", "8611542576/635013559600", 0.01356119, NULL, NULL},
    {"hcp", "eq3", "15636342960/635013559600", 0.02462364, NULL, NULL},
    {"hcp", "eq4", "24419055136/635013559600", 0.03845438, NULL, NULL},
    {"hcp", "eq5", "32933031040/635013559600", 0.05186193, NULL, NULL},
    {"hcp", "eq6", "41619399184/635013559600", 0.06554096, NULL, NULL},
    {"hcp", "eq7", "50979441968/635013559600", 0.08028087, NULL, NULL},
    {"hcp", "eq8", "56466608128/635013559600", 0.08892189, NULL, NULL},
    {"hcp", "eq9", "59413313872/635013559600", 0.09356228, NULL, NULL},
    {"hcp", "eq10", "59723754816/635013559600", 0.09405115, NULL, NULL},
    {"hcp", "eq11", "56799933520/635013559600", 0.0894468, NULL, NULL},
    {"hcp", "eq12", "50971682080/635013559600", 0.08026865, NULL, NULL},
    {"hcp", "eq13", "43906944752/635013559600", 0.06914332, NULL, NULL},
    {"hcp", "eq14", "36153374224/635013559600", 0.05693323, NULL, NULL},
    {"hcp", "eq15", "28090962724/635013559600", 0.04423679, NULL, NULL},
    {"hcp", "eq16", "21024781756/635013559600", 0.03310919, NULL, NULL},
    {"hcp", "eq17", "14997082848/635013559600", 0.02361695, NULL, NULL},
    {"hcp", "eq18", "10192504020/635013559600", 0.01605084, NULL, NULL},
    {"hcp", "eq19", "6579838440/635013559600", 0.01036173, NULL, NULL},
    {"hcp", "eq20", "4086538404/635013559600", 0.006435356, NULL, NULL},
    {"hcp", "eq21", "2399507844/635013559600", 0.003778672, NULL, NULL},
    {"hcp", "eq22", "1333800036/635013559600", 0.002100428, NULL, NULL},
    {"hcp", "eq23", "710603628/635013559600", 0.001119037, NULL, NULL},
    {"hcp", "eq24", "354993864/635013559600", 0.0005590335, NULL, NULL},
    {"hcp", "eq25", "167819892/635013559600", 0.0002642777, NULL, NULL},
    {"hcp", "eq26", "74095248/635013559600", 0.0001166829, NULL, NULL},
    {"hcp", "eq27", "31157940/635013559600", 4.906657e-05, NULL, NULL},
    {"hcp", "eq28", "11790760/635013559600", 1.856773e-05, NULL, NULL},
    {"hcp", "eq29", "4236588/635013559600", 6.67165e-06, NULL, NULL},
    {"hcp", "eq30", "1396068/635013559600", 2.198485e-06, NULL, NULL},
    {"hcp", "eq31", "388196/635013559600", 6.113192e-07, NULL, NULL},
    {"hcp", "eq32", "109156/635013559600", 1.718955e-07, NULL, NULL},
    {"hcp", "eq33", "22360/635013559600", 3.521185e-08, NULL, NULL},
    {"hcp", "eq34", "4484/635013559600", 7.061267e-09, NULL, NULL},
    {"hcp", "eq35", "624/635013559600", 9.826562e-10, NULL, NULL},
    {"hcp", "eq36", "60/635013559600", 9.448617e-11, NULL, NULL},
    {"hcp", "eq37", "4/635013559600", 6.299078e-12, NULL, NULL},
    {"gof", "hand-flatness.mean", "845/17", 49.70588, NULL, NULL},
    {"gof", "hand-flatness.var", "12021984/354025", 33.95801, NULL, NULL},
    {"gof", "flatness.mean", "3380/17", 198.8235, NULL, NULL},
    {"gof", "flatness.var", "2530944/14161", 178.7264, NULL, NULL},
};
/* The "book" columns of S3. */
static const spec_historic SPEC_HISTORIC[] = {
    {"partner-cards", "m1.eq1", "2 to 1 against his having 1", "epitome-of-whist-1829.txt L2467", 0.3333333, "exact"},
    {"partner-cards", "m2.eq2", "17 to 2 against his having 2", "epitome-of-whist-1829.txt L2468", 0.1052632, "exact"},
    {"partner-cards", "m2.ge1", "5 to 4 in favour of his having 1 or both of 2", "epitome-of-whist-1829.txt L2470", 0.5555556, "rounded"},
    {"partner-cards", "m3.eq3", "31 to 1 against his having 3", "epitome-of-whist-1829.txt L2472", 0.03125, "rounded"},
    {"partner-cards", "m3.ge1", "5 to 2 in favour of his having 1 or more of 3", "epitome-of-whist-1829.txt L2475", 0.7142857, "rounded"},
    {"partner-cards", "m3.ge2", "3 to 1 against his having 2 or more of 3", "epitome-of-whist-1829.txt L2474", 0.25, "rounded"},
    {"partner-cards", "m4.eq4", "[figure lost] against his having 4", "epitome-of-whist-1829.txt L2477", NAN, "lost"},
    {"partner-cards", "m4.ge1", "4 to 1 in favour of his having 1 or more of 4", "epitome-of-whist-1829.txt L2483", 0.8, "loose"},
    {"partner-cards", "m4.ge2", "3 to 2 against his having 2 or more of 4", "epitome-of-whist-1829.txt L2481", 0.4, "rounded?"},
    {"partner-cards", "m4.ge3", "[figure lost] against his having 3 or more of 4", "epitome-of-whist-1829.txt L2479", NAN, "lost"},
    {"dealer-trumps", "dealer.ge1", "", "epitome-of-whist-1829.txt L2495", NAN, "none"},
    {"dealer-trumps", "dealer.ge2", "39 1/2 to 1 in favour", "epitome-of-whist-1829.txt L2506", 0.9753086, "rounded?"},
    {"dealer-trumps", "dealer.ge3", "5 3/5 to 1 in favour", "epitome-of-whist-1829.txt L2515", 0.8484848, "rounded?"},
    {"dealer-trumps", "dealer.ge4", "7 to 5 in favour", "epitome-of-whist-1829.txt L2524", 0.5833333, "rounded"},
    {"dealer-trumps", "dealer.ge5", "2 1/2 to 1 against", "epitome-of-whist-1829.txt L2533", 0.2857143, "rounded?"},
    {"dealer-trumps", "dealer.ge6", "8 to 1 against", "epitome-of-whist-1829.txt L2542", 0.1111111, "loose?"},
    {"dealer-trumps", "dealer.ge7", "44 to 1 against", "epitome-of-whist-1829.txt L2551", 0.02222222, "rounded"},
    {"dealer-trumps", "dealer.ge8", "317 to 1 against", "epitome-of-whist-1829.txt L2560", 0.003144654, "rounded"},
    {"dealer-trumps", "dealer.ge9", "3710 to 1 against", "epitome-of-whist-1829.txt L2569", 0.0002694691, "rounded?"},
    {"dealer-trumps", "dealer.ge10", "77065 to 1 against", "epitome-of-whist-1829.txt L2578", 1.297589e-05, "rounded"},
    {"dealer-trumps", "nondealer.ge1", "57 to 1 in favour", "epitome-of-whist-1829.txt L2500", 0.9827586, "truncated?"},
    {"dealer-trumps", "nondealer.ge2", "7 2/3 to 1 in favour", "epitome-of-whist-1829.txt L2509", 0.8846154, "rounded?"},
    {"dealer-trumps", "nondealer.ge3", "1 7/8 to 1 in favour", "epitome-of-whist-1829.txt L2518", 0.6521739, "rounded?"},
    {"dealer-trumps", "nondealer.ge4", "[figure unreadable: 'do. 71']", "epitome-of-whist-1829.txt L2527", NAN, "lost?"},
    {"dealer-trumps", "nondealer.ge5", "6 1/4 to 1 against", "epitome-of-whist-1829.txt L2536", 0.137931, "rounded?"},
    {"dealer-trumps", "nondealer.ge6", "26 7/8 to 1 against", "epitome-of-whist-1829.txt L2545", 0.03587444, "rounded?"},
    {"dealer-trumps", "nondealer.ge7", "163 to 1 against", "epitome-of-whist-1829.txt L2554", 0.006097561, "truncated"},
    {"dealer-trumps", "nondealer.ge8", "1567 to 1 against", "epitome-of-whist-1829.txt L2563", 0.0006377551, "rounded"},
    {"dealer-trumps", "nondealer.ge9", "25457 to 1 against", "epitome-of-whist-1829.txt L2572", 3.928038e-05, "rounded"},
    {"dealer-trumps", "nondealer.ge10", "[figure lost]", "epitome-of-whist-1829.txt L2581", NAN, "lost"},
    {"two-hands", "m1.eq1", "an equal chance that he holds either of two unknown cards", "foster-whist-family.txt L402", 0.5, "exact"},
    {"two-hands", "m2.eq0", "3 to 1 against his holding neither", "foster-whist-family.txt L402", 0.25, "loose"},
    {"two-hands", "m2.eq2", "3 to 1 against his holding both", "foster-whist-family.txt L402", 0.25, "loose"},
    {"two-hands", "m3.eq0", "7 to 1 against his holding none of them", "foster-whist-family.txt L402", 0.125, "loose"},
    {"two-hands", "m3.eq3", "7 to 1 against his holding all three", "foster-whist-family.txt L402", 0.125, "loose"},
    {"two-hands", "m3.eq2.given1-2", "about an equal chance that he holds two of the three; or one only", "foster-whist-family.txt L402", 0.5, "exact"},
    {"two-hands", "L404.K", "in four [of eight ways] second hand would cover with the King", "foster-whist-family.txt L404", 0.5, "exact"},
    {"two-hands", "L404.QJ", "in one [of eight] with the Queen and Jack", "foster-whist-family.txt L404", 0.125, "rounded"},
    {"two-hands", "L404.rest", "in the remaining three your partner's hand would be benefited", "foster-whist-family.txt L404", 0.375, "rounded"},
    {"two-hands", "L566.KQsame", "the odds are against both King and Queen being in one hand", "foster-whist-family.txt L566", NAN, "holds"},
    {"trump-exhaustion", "Tge5.le3", "the probability is that three ... rounds will exhaust those of the adversaries", "dicks-handbook-of-whist-1884.txt L1692", NAN, "holds"},
    {"trump-exhaustion", "Tge5.le4", "... or at most four rounds will exhaust those of the adversaries", "dicks-handbook-of-whist-1884.txt L1692", NAN, "holds"},
    {"claims", "epitome-L2157", "it being 2 to 1 against L. having king", "epitome-of-whist-1829.txt L2157", 0.3333333, "exact"},
    {"claims", "dicks-L939", "it is twice as likely that he is your adversary", "dicks-handbook-of-whist-1884.txt L939", 0.6666667, "exact"},
    {"claims", "dicks-L1695.ge1", "probably your partner will hold honors", "dicks-handbook-of-whist-1884.txt L1695", NAN, "holds"},
    {"claims", "dicks-L1695.ge2", "probably your partner will hold honors [plural, read literally]", "dicks-handbook-of-whist-1884.txt L1695", NAN, "fails"},
    {"claims", "foster-L1647", "the odds being against Fourth Hand having the King", "foster-whist-family.txt L1647", NAN, "holds"},
    {"claims", "foster-L1717", "will win the trick as often as it will lose it", "foster-whist-family.txt L1717", 0.5, "exact"},
    {"hoyle", "calc1", "It is about five to four that your partner holds one card out of any two", "ext:books.google.ch/books?id=IkoVAAAAYAAJ&pg=PA29 calc. 1", 0.5555556, "rounded"},
    {"hoyle", "calc2", "So it is five to two that he holds one card out of three", "ext:books.google.ch/books?id=IkoVAAAAYAAJ&pg=PA29 calc. 2", 0.7142857, "rounded"},
    {"hoyle", "calc3", "It is about four to one that he holds one card out of any four", "ext:books.google.ch/books?id=IkoVAAAAYAAJ&pg=PA29 calc. 3", 0.8, "loose"},
    {"hoyle", "not-ace", "it is 2 to 1 that your partner has not the ace", "ext:childrensnursery.org.uk/hoyles-games/hoyle-games%20-%200208.htm case 3", 0.3333333, "exact"},
    {"hoyle", "ace-or-queen", "32 to 25, or about 5 to 4, that he has ace or queen", "ext:childrensnursery.org.uk/hoyles-games/hoyle-games%20-%200208.htm case 3", 0.5614035, "exact"},
    {"hoyle", "two-trumps", "it is 11 to 3 that C has not the two trumps", "ext:childrensnursery.org.uk/hoyles-games/hoyle-games%20-%200210.htm case 5", 0.2142857, "exact"},
    {"hand-shape", "longest.ge4", "every hand must contain at least one suit of four cards", "dicks-handbook-of-whist-1884.txt L1437", NAN, "exact"},
    {"honours", "hand.mean-per-suit", "one honor in each suit being the average for each hand", "dicks-handbook-of-whist-1884.txt L926", 1.0, "exact"},
};

/* The row of (table, id), failing the test if there is none. */
static const odds_row *row_of(const char *table, const char *id)
{
    int i = odds_row_find(table, id);
    if (i < 0) fail_msg("no row %s,%s", table, id);
    int n;
    return &odds_rows(&n)[i];
}

static double rel_diff(double a, double b)
{
    if (a == b) return 0;
    return fabs(a - b) / fmax(fabs(a), fabs(b));
}

static void assert_close(double got, double want, double rel, const char *what, const char *id)
{
    if (!(rel_diff(got, want) <= rel)) fail_msg("%s %s: %.17g, expected %.17g", what, id, got, want);
}

static void test_tables_rows_and_order(void **state)
{
    (void)state;
    static const struct {
        const char *id;
        int rows;
    } TABLES[ODDS_NTABLES] = {
        {"partner-cards", 82}, {"dealer-trumps", 25}, {"trump-count", 28},   {"two-hands", 14},
        {"trump-exhaustion", 149}, {"claims", 6},     {"hoyle", 6},          {"suit-splits", 108},
        {"hand-patterns", 39}, {"hand-shape", 16},    {"suit-length", 14},   {"honours", 40},
        {"hcp", 38},           {"gof", 4},
    };
    int n;
    const odds_row *rows = odds_rows(&n);
    assert_int_equal(n, ODDS_NROWS);
    assert_int_equal(n, 569);
    int i = 0;
    for (int t = 0; t < ODDS_NTABLES; t++) {
        assert_string_equal(odds_tables()[t].id, TABLES[t].id);
        assert_int_equal(odds_table_find(TABLES[t].id), t);
        for (int k = 0; k < TABLES[t].rows; k++, i++) assert_string_equal(rows[i].table, TABLES[t].id);
    }
    assert_int_equal(i, 569);
    assert_int_equal(odds_table_find("no-such-table"), -1);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (strcmp(rows[a].id, rows[b].id) == 0 && strcmp(rows[a].table, rows[b].table) == 0)
                fail_msg("duplicate row %s,%s", rows[a].table, rows[a].id);
    /* The orders this implementation chose where S3 leaves them open. */
    assert_string_equal(rows[0].id, "m1.eq0");
    assert_string_equal(rows[42].id, "tu.m1.eq0");
    assert_string_equal(rows[62].id, "tud.m1.eq0");
    int s = odds_row_find("suit-splits", "n2.2-0");
    assert_string_equal(rows[s + 1].id, "n2.2-0.layout");
    assert_string_equal(rows[s + 2].id, "n2.1-1");
    int e = odds_row_find("trump-exhaustion", "T4.r0");
    assert_string_equal(rows[e + 10].id, "T4.le1");
    assert_string_equal(rows[e + 18].id, "T5.r0");
    assert_int_equal(odds_row_find("trump-exhaustion", "Tge5.le1"), e + 70);
    assert_int_equal(odds_row_find("trump-exhaustion", "eldest.T4.r1"), e + 77);
    assert_string_equal(rows[odds_row_find("trump-count", "nondealer.eq12") + 1].id, "dealer.mean");
    assert_string_equal(rows[odds_row_find("hand-patterns", "4-4-3-2") + 22].id, "8-3-2-0");
    assert_string_equal(rows[odds_row_find("hand-patterns", "4-4-3-2") + 23].id, "7-5-1-0");
}

static void test_exact_values_match_the_spec(void **state)
{
    (void)state;
    int n;
    const odds_row *rows = odds_rows(&n);
    bool covered[ODDS_NROWS] = {false};
    for (size_t i = 0; i < sizeof SPEC_EXACT / sizeof SPEC_EXACT[0]; i++) {
        const spec_exact *e = &SPEC_EXACT[i];
        const odds_row *r = row_of(e->table, e->row);
        covered[r - rows] = true;
        assert_true(rat_valid(r->exact));
        double got = rat_to_double(r->exact);
        if (e->fraction) {
            rational want;
            if (!rat_parse(e->fraction, &want)) fail_msg("bad fraction %s", e->fraction);
            char a[84], b[84];
            if (!rat_eq(r->exact, want))
                fail_msg("%s,%s: %s, expected %s", e->table, e->row, rat_format(r->exact, a), rat_format(want, b));
            if (want.num == 0) assert_true(fabs(got) <= 1e-15); /* honours,prior.side.mean-net */
            else assert_close(got, (double)((long double)want.num / (long double)want.den), 1e-12, "exact", e->row);
        }
        /* The printed decimals carry 7 significant digits. */
        if (e->decimal == 0) assert_true(fabs(got) <= 1e-15);
        else assert_close(got, e->decimal, 1e-6, "decimal", e->row);
    }
    for (int i = 0; i < n; i++)
        if (!covered[i]) fail_msg("row %s,%s has no value in the spec", rows[i].table, rows[i].id);
}

/* The same values by the GSL route of S1.3: hypergeometric densities and
 * tails, binomial coefficients, double loops; relative 1e-12. */
static void test_exact_values_agree_with_gsl(void **state)
{
    (void)state;
    static const struct {
        const char *prefix;
        unsigned unseen, places, mmax;
    } PC[] = {{"", 39, 13, 6}, {"tu.", 38, 13, 4}, {"tud.", 38, 12, 4}};
    char id[48];
    for (int v = 0; v < 3; v++)
        for (unsigned m = 1; m <= PC[v].mmax; m++)
            for (unsigned k = 0; k <= m; k++) {
                snprintf(id, sizeof id, "%sm%u.eq%u", PC[v].prefix, m, k);
                double p = gsl_ran_hypergeometric_pdf(k, m, PC[v].unseen - m, PC[v].places);
                assert_close(rat_to_double(row_of("partner-cards", id)->exact), p, 1e-12, "gsl", id);
                if (k == 0 || k == m) continue;
                double tail = 0;
                for (unsigned j = k; j <= m; j++) tail += gsl_ran_hypergeometric_pdf(j, m, PC[v].unseen - m, PC[v].places);
                snprintf(id, sizeof id, "%sm%u.ge%u", PC[v].prefix, m, k);
                assert_close(rat_to_double(row_of("partner-cards", id)->exact), tail, 1e-12, "gsl", id);
            }
    for (unsigned N = 2; N <= 13; N++) {
        snprintf(id, sizeof id, "dealer.ge%u", N);
        assert_close(rat_to_double(row_of("dealer-trumps", id)->exact), gsl_cdf_hypergeometric_Q(N - 2, 12, 39, 12),
                     1e-12, "gsl", id);
        if (N == 13) continue;
        snprintf(id, sizeof id, "nondealer.ge%u", N);
        assert_close(rat_to_double(row_of("dealer-trumps", id)->exact), gsl_cdf_hypergeometric_Q(N - 1, 12, 39, 13),
                     1e-12, "gsl", id);
    }
    for (unsigned k = 0; k <= 13; k++) {
        snprintf(id, sizeof id, "eq%u", k);
        assert_close(rat_to_double(row_of("suit-length", id)->exact), gsl_ran_hypergeometric_pdf(k, 13, 39, 13),
                     1e-12, "gsl", id);
    }
    for (unsigned n = 2; n <= 13; n++)
        for (unsigned a = n; 2 * a >= n; a--) {
            snprintf(id, sizeof id, "n%u.%u-%u", n, a, n - a);
            double p = (2 * a == n ? 1 : 2) * gsl_ran_hypergeometric_pdf(a, n, 26 - n, 13);
            assert_close(rat_to_double(row_of("suit-splits", id)->exact), p, 1e-12, "gsl", id);
            snprintf(id, sizeof id, "n%u.%u-%u.layout", n, a, n - a);
            p = gsl_sf_choose(26 - n, 13 - a) / gsl_sf_choose(26, 13);
            assert_close(rat_to_double(row_of("suit-splits", id)->exact), p, 1e-12, "gsl", id);
        }
    /* S3.5: P(L = a) P(R = b | a), R = max(a, b) or max(a, b + 1). */
    for (int eldest = 0; eldest <= 1; eldest++) {
        double mix[14] = {0}, wsum = 0;
        for (unsigned t = 4; t <= (eldest ? 12u : 13u); t++) {
            double pr[14] = {0};
            unsigned out = (eldest ? 12 : 13) - t, unseen = eldest ? 38 : 39, rho = eldest ? 12 : 13;
            for (unsigned a = 0; a <= out; a++)
                for (unsigned b = 0; a + b <= out; b++) {
                    unsigned r = eldest ? b + 1 : b;
                    pr[a > r ? a : r] += gsl_ran_hypergeometric_pdf(a, out, unseen - out, 13) *
                                         gsl_ran_hypergeometric_pdf(b, out - a, unseen - 13 - (out - a), rho);
                }
            if (t >= 5) {
                double w = eldest ? gsl_ran_hypergeometric_pdf(t, 12, 39, 13) : gsl_ran_hypergeometric_pdf(t, 13, 39, 13);
                wsum += w;
                for (int r = 0; r < 14; r++) mix[r] += w * pr[r];
            }
            if (t > 8) continue;
            double le = 0;
            for (unsigned r = 0; r <= 13 - t; r++) {
                le += pr[r];
                if (r >= (unsigned)eldest) {
                    snprintf(id, sizeof id, "%sT%u.r%u", eldest ? "eldest." : "", t, r);
                    assert_close(rat_to_double(row_of("trump-exhaustion", id)->exact), pr[r], 1e-12, "gsl", id);
                }
                if (r >= 1 && r < 13 - t) {
                    snprintf(id, sizeof id, "%sT%u.le%u", eldest ? "eldest." : "", t, r);
                    assert_close(rat_to_double(row_of("trump-exhaustion", id)->exact), le, 1e-12, "gsl", id);
                }
            }
        }
        double le = mix[0];
        for (unsigned r = 1; r <= 7; r++) {
            le += mix[r];
            snprintf(id, sizeof id, "%sTge5.le%u", eldest ? "eldest." : "", r);
            assert_close(rat_to_double(row_of("trump-exhaustion", id)->exact), le / wsum, 1e-12, "gsl", id);
        }
    }
    for (unsigned h = 0; h <= 4; h++) {
        snprintf(id, sizeof id, "prior.side.eq%u", h);
        assert_close(rat_to_double(row_of("honours", id)->exact), gsl_ran_hypergeometric_pdf(h, 4, 48, 26), 1e-12,
                     "gsl", id);
        snprintf(id, sizeof id, "tu-small.dealer-side.eq%u", h);
        assert_close(rat_to_double(row_of("honours", id)->exact), gsl_ran_hypergeometric_pdf(h, 4, 47, 25), 1e-12,
                     "gsl", id);
        if (h == 0) continue;
        snprintf(id, sizeof id, "tu-hon.dealer-side.eq%u", h);
        assert_close(rat_to_double(row_of("honours", id)->exact), gsl_ran_hypergeometric_pdf(h - 1, 3, 48, 25),
                     1e-12, "gsl", id);
    }
    const odds_pattern *pat = odds_patterns();
    for (int i = 0; i < ODDS_NPATTERNS; i++) {
        double hands = pat[i].orders;
        for (int s = 0; s < 4; s++) hands *= gsl_sf_choose(13, pat[i].len[s]);
        snprintf(id, sizeof id, "%d-%d-%d-%d", pat[i].len[0], pat[i].len[1], pat[i].len[2], pat[i].len[3]);
        assert_close(rat_to_double(row_of("hand-patterns", id)->exact), hands / gsl_sf_choose(52, 13), 1e-12, "gsl",
                     id);
    }
}

static void test_odds_as_the_books_state_them(void **state)
{
    (void)state;
    int checked = 0;
    for (size_t i = 0; i < sizeof SPEC_EXACT / sizeof SPEC_EXACT[0]; i++) {
        const spec_exact *e = &SPEC_EXACT[i];
        const odds_row *r = row_of(e->table, e->row);
        char buf[96];
        if (e->odds) {
            odds_text(r->exact, buf, sizeof buf);
            if (strcmp(buf, e->odds) != 0) fail_msg("%s,%s: odds '%s', expected '%s'", e->table, e->row, buf, e->odds);
            checked++;
        }
        if (e->ratio) {
            odds_ratio_text(r->exact, buf, sizeof buf);
            if (strcmp(buf, e->ratio) != 0)
                fail_msg("%s,%s: ratio '%s', expected '%s'", e->table, e->row, buf, e->ratio);
            checked++;
        }
    }
    assert_true(checked > 200);
    char buf[64];
    odds_text(rat_int_value(0), buf, sizeof buf);
    assert_string_equal(buf, "impossible");
    odds_ratio_text(rat_int_value(1), buf, sizeof buf);
    assert_string_equal(buf, "");
}

static void test_historic_figures_and_verdicts(void **state)
{
    (void)state;
    size_t n_spec = sizeof SPEC_HISTORIC / sizeof SPEC_HISTORIC[0];
    for (size_t i = 0; i < n_spec; i++) {
        const spec_historic *h = &SPEC_HISTORIC[i];
        const odds_row *r = row_of(h->table, h->row);
        if (!r->hist) fail_msg("%s,%s: no historic figure", h->table, h->row);
        assert_string_equal(r->hist->text, h->text);
        assert_string_equal(r->hist->source, h->source);
        const char *v = odds_verdict(r->hist, r->exact);
        if (strcmp(v, h->verdict) != 0) fail_msg("%s,%s: verdict %s, expected %s", h->table, h->row, v, h->verdict);
        rational q;
        bool has = odds_historic_value(r->hist, &q);
        if (!isnan(h->book_p)) {
            assert_true(has);
            assert_close(rat_to_double(q), h->book_p, 1e-6, "book P", h->row);
        }
    }
    int n, with = 0, all;
    const odds_row *rows = odds_rows(&n);
    for (int i = 0; i < n; i++) with += rows[i].hist != NULL;
    odds_historic_all(&all);
    assert_int_equal(with, (int)n_spec);
    assert_int_equal(all, (int)n_spec);
    /* The figures as integer pairs (S2.3): 39 1/2 to 1 is 79 : 2. */
    const odds_historic *g = row_of("dealer-trumps", "dealer.ge2")->hist;
    assert_int_equal(g->a, 79);
    assert_int_equal(g->b, 2);
    assert_int_equal(g->dir, HD_ON);
    assert_true(g->uncertain);
    assert_int_equal(row_of("dealer-trumps", "nondealer.ge10")->hist->kind, HK_LOST);
    assert_int_equal(row_of("dealer-trumps", "dealer.ge1")->hist->kind, HK_NONE);
}

static void test_verdict_rules(void **state)
{
    (void)state;
    odds_historic h = {"t", "r", "s", "x", HK_ODDS, 3, 1, HD_AGAINST, false};
    assert_string_equal(odds_verdict(&h, rat_make(1, 4)), "exact");
    /* N_p = 8.5, N_q = 8: r = 5.9% */
    h.a = 8;
    assert_string_equal(odds_verdict(&h, rat_make(2, 19)), "loose");
    h.uncertain = true;
    assert_string_equal(odds_verdict(&h, rat_make(2, 19)), "loose?");
    h.uncertain = false;
    /* N_p = 163.93: 163 drops more than a half, 164 rounds */
    h.a = 163;
    assert_string_equal(odds_verdict(&h, rat_make(7046, 1162075)), "truncated");
    h.a = 164;
    assert_string_equal(odds_verdict(&h, rat_make(7046, 1162075)), "rounded");
    /* N_p = 317.29: 317 is both the floor and the nearest integer */
    h.a = 317;
    assert_string_equal(odds_verdict(&h, rat_make(149692, 47645075)), "rounded");
    /* the other direction */
    h.a = 2;
    assert_string_equal(odds_verdict(&h, rat_make(3, 5)), "wrong");
    /* N_p = 2 against N_q = 3: r = 50% */
    h.a = 3;
    assert_string_equal(odds_verdict(&h, rat_make(1, 3)), "wrong");
    /* r = 15% exactly is still loose: N_p = 20/3, N_q = 23/3 */
    h.a = 23;
    h.b = 3;
    assert_string_equal(odds_verdict(&h, rat_make(3, 23)), "loose");
    odds_historic q = {"t", "r", "s", "x", HK_PROB, 1, 8, HD_EVENS, false};
    assert_string_equal(odds_verdict(&q, rat_make(1, 8)), "exact");
    assert_string_equal(odds_verdict(&q, rat_make(13, 100)), "rounded");
    odds_historic m = {"t", "r", "s", "x", HK_MEAN, 1, 1, HD_EVENS, false};
    assert_string_equal(odds_verdict(&m, rat_int_value(1)), "exact");
    assert_string_equal(odds_verdict(&m, rat_make(21, 20)), "rounded");
    assert_string_equal(odds_verdict(&m, rat_make(6, 5)), "wrong");
    odds_historic k = {"t", "r", "s", "x", HK_LIKELY, 0, 0, HD_EVENS, false};
    assert_string_equal(odds_verdict(&k, rat_make(1, 2)), "fails");
    assert_string_equal(odds_verdict(&k, rat_make(51, 100)), "holds");
    k.kind = HK_UNLIKELY;
    assert_string_equal(odds_verdict(&k, rat_make(12, 25)), "holds");
    k.kind = HK_CERTAIN;
    assert_string_equal(odds_verdict(&k, rat_int_value(1)), "exact");
    assert_string_equal(odds_verdict(&k, rat_make(99, 100)), "wrong");
    k.kind = HK_LOST;
    k.uncertain = true;
    assert_string_equal(odds_verdict(&k, rat_make(1, 3)), "lost?");
    k.kind = HK_NONE;
    k.uncertain = false;
    assert_string_equal(odds_verdict(&k, rat_int_value(1)), "none");
    odds_historic e = {"t", "r", "s", "x", HK_ODDS, 1, 1, HD_EVENS, false};
    rational half;
    assert_true(odds_historic_value(&e, &half));
    assert_true(rat_eq(half, rat_make(1, 2)));
    assert_string_equal(odds_verdict(&e, rat_make(1, 2)), "exact");
}

/* odds.md S5, "internal checks worth copying". */
static rational sum_rows(const char *table, const char *fmt, int lo, int hi)
{
    rational s = rat_int_value(0);
    char id[48];
    for (int k = lo; k <= hi; k++) {
        snprintf(id, sizeof id, fmt, k);
        s = rat_add(s, row_of(table, id)->exact);
    }
    return s;
}

static void test_internal_checks(void **state)
{
    (void)state;
    rational one = rat_int_value(1);
    char fmt[48];
    for (int m = 1; m <= 6; m++) {
        snprintf(fmt, sizeof fmt, "m%d.eq%%d", m);
        assert_true(rat_eq(sum_rows("partner-cards", fmt, 0, m), one));
        if (m > 4) continue;
        snprintf(fmt, sizeof fmt, "tu.m%d.eq%%d", m);
        assert_true(rat_eq(sum_rows("partner-cards", fmt, 0, m), one));
        snprintf(fmt, sizeof fmt, "tud.m%d.eq%%d", m);
        assert_true(rat_eq(sum_rows("partner-cards", fmt, 0, m), one));
    }
    assert_true(rat_eq(sum_rows("trump-count", "dealer.eq%d", 1, 13), one));
    assert_true(rat_eq(sum_rows("trump-count", "nondealer.eq%d", 0, 12), one));
    assert_true(rat_eq(sum_rows("suit-length", "eq%d", 0, 13), one));
    assert_true(rat_eq(sum_rows("hcp", "eq%d", 0, 37), one));
    assert_true(rat_eq(sum_rows("hand-shape", "longest.eq%d", 4, 13), one));
    assert_true(rat_eq(sum_rows("hand-shape", "shortest.eq%d", 0, 3), one));
    for (int t = 4; t <= 8; t++) {
        snprintf(fmt, sizeof fmt, "T%d.r%%d", t);
        assert_true(rat_eq(sum_rows("trump-exhaustion", fmt, 0, 13 - t), one));
        snprintf(fmt, sizeof fmt, "eldest.T%d.r%%d", t);
        assert_true(rat_eq(sum_rows("trump-exhaustion", fmt, 1, 13 - t), one));
    }
    int n;
    const odds_row *rows = odds_rows(&n);
    rational patterns = rat_int_value(0);
    for (int i = 0; i < n; i++)
        if (strcmp(rows[i].table, "hand-patterns") == 0) patterns = rat_add(patterns, rows[i].exact);
    assert_true(rat_eq(patterns, one));
    for (int s = 2; s <= 13; s++) {
        rational split = rat_int_value(0);
        char prefix[8];
        snprintf(prefix, sizeof prefix, "n%d.", s);
        for (int i = 0; i < n; i++)
            if (strcmp(rows[i].table, "suit-splits") == 0 && strncmp(rows[i].id, prefix, strlen(prefix)) == 0 &&
                !strstr(rows[i].id, "layout"))
                split = rat_add(split, rows[i].exact);
        assert_true(rat_eq(split, one));
    }
    static const char *const MODELS[] = {"prior.side", "whist.dealer-side", "tu-small.dealer-side"};
    for (int i = 0; i < 3; i++) {
        snprintf(fmt, sizeof fmt, "%s.eq%%d", MODELS[i]);
        assert_true(rat_eq(sum_rows("honours", fmt, 0, 4), one));
    }
    assert_true(rat_eq(sum_rows("honours", "tu-hon.dealer-side.eq%d", 1, 4), one));
    /* P(dealer = k) = (4k/13) P(suit length = k) */
    char id[48], id2[48];
    for (int k = 1; k <= 13; k++) {
        snprintf(id, sizeof id, "dealer.eq%d", k);
        snprintf(id2, sizeof id2, "eq%d", k);
        assert_true(rat_eq(row_of("trump-count", id)->exact,
                           rat_mul(rat_make(4 * k, 13), row_of("suit-length", id2)->exact)));
    }
    /* whist honours averaged with their mirror image give the prior */
    for (int h = 0; h <= 4; h++) {
        snprintf(id, sizeof id, "whist.dealer-side.eq%d", h);
        snprintf(id2, sizeof id2, "whist.dealer-side.eq%d", 4 - h);
        rational avg = rat_mul(rat_make(1, 2), rat_add(row_of("honours", id)->exact, row_of("honours", id2)->exact));
        snprintf(id, sizeof id, "prior.side.eq%d", h);
        assert_true(rat_eq(avg, row_of("honours", id)->exact));
    }
    /* HCP: mean 10, variance 290/17 */
    rational mean = rat_int_value(0), sq = rat_int_value(0);
    for (int h = 0; h <= 37; h++) {
        snprintf(id, sizeof id, "eq%d", h);
        rational p = row_of("hcp", id)->exact;
        mean = rat_add(mean, rat_mul(rat_int_value(h), p));
        sq = rat_add(sq, rat_mul(rat_int_value(h * h), p));
    }
    assert_true(rat_eq(mean, rat_int_value(10)));
    assert_true(rat_eq(rat_sub(sq, rat_mul(mean, mean)), rat_make(290, 17)));
    char buf[96];
    odds_ratio_text(row_of("dealer-trumps", "dealer.ge2")->exact, buf, sizeof buf);
    assert_string_equal(buf, "325299564 : 8215961 on");
    odds_ratio_text(row_of("dealer-trumps", "nondealer.ge10")->exact, buf, sizeof buf);
    assert_string_equal(buf, "738386911 : 949 against");
    assert_true(rat_eq(row_of("trump-exhaustion", "T5.r0")->exact, rat_make(1, 47804)));
    assert_true(rat_eq(row_of("trump-exhaustion", "T5.r8")->exact, rat_make(1, 23902)));
    /* Two hands of a deal: corr(Q1, Q2) = 2/19, so Var F = Var Q (4 + 12 * 2/19). */
    odds_flatness f = odds_flatness_moments();
    assert_true(rat_eq(f.deal_var, rat_mul(f.hand_var, rat_make(100, 19))));
    /* pattern counts sum to C(52,13) */
    uint64_t hands = 0;
    for (int i = 0; i < ODDS_NPATTERNS; i++) hands += odds_patterns()[i].hands;
    assert_true(hands == 635013559600ULL);
    assert_int_equal(odds_pattern_index(2, 4, 3, 4), 0);
    assert_int_equal(odds_pattern_index(0, 13, 0, 0), 38);
    assert_int_equal(odds_pattern_index(5, 5, 5, 5), -1);
}

static void test_rational_arithmetic(void **state)
{
    (void)state;
    rational a = rat_make(6, -8);
    assert_true(a.num == -3 && a.den == 4);
    rational b = rat_add(rat_make(1, 3), rat_make(1, 6));
    assert_true(rat_eq(b, rat_make(1, 2)));
    assert_int_equal(rat_cmp(rat_make(1, 3), rat_make(1, 2)), -1);
    assert_int_equal(rat_cmp(rat_make(2, 4), rat_make(1, 2)), 0);
    assert_true(rat_floor(rat_make(-7, 2)) == -4);
    assert_true(rat_floor(rat_make(7, 2)) == 3);
    char buf[84];
    assert_string_equal(rat_format(rat_make(-4, 51), buf), "-4/51");
    assert_string_equal(rat_format(rat_int_value(0), buf), "0");
    rational big = rat_make((rat_int)1 << 100, 3);
    assert_false(rat_valid(rat_mul(big, big))); /* 2^200 overflows: invalid, not wrong */
    assert_false(rat_valid(rat_add(rat_mul(big, big), rat_int_value(1))));
    assert_false(rat_valid(rat_div(rat_int_value(1), rat_int_value(0))));
    rational p;
    assert_true(rat_parse("13201574121/22395178684", &p));
    assert_string_equal(rat_format(p, buf), "13201574121/22395178684");
    assert_true(rat_parse("10400600/20801200", &p));
    assert_true(rat_eq(p, rat_make(1, 2)));
    assert_false(rat_parse("1/0", &p));
    assert_false(rat_parse("x", &p));
    assert_false(rat_parse("", &p));
    assert_true(odds_choose(52, 13) == 635013559600ULL);
    assert_true(odds_choose(52, 26) == 495918532948104ULL);
    assert_true(odds_choose(5, 7) == 0);
}

static void test_confidence_intervals(void **state)
{
    (void)state;
    double lo, hi, est;
    assert_true(fabs(ci_z(0.95) - 1.959963985) < 1e-9);
    ci_wilson(0.5, 100, ci_z(0.95), &lo, &hi);
    assert_true(fabs(lo - 0.40383) < 1e-5 && fabs(hi - 0.59617) < 1e-5);
    /* one observation per deal: the textbook interval on n */
    cluster_sums one = {.n = 10, .s = 4, .deals = 10, .multi = 0, .ss = 4, .sm = 4, .mm = 10};
    double wl, wh;
    ci_wilson(0.4, 10, ci_z(0.95), &wl, &wh);
    assert_true(ci_cluster_share(&one, 0.95, &est, &lo, &hi));
    assert_true(est == 0.4 && lo == wl && hi == wh);
    /* clusters (S, m) = (1,2) (2,2) (0,2) (2,2): p = 5/8, V = 4/3 * 2.75 / 64 */
    cluster_sums c = {.n = 8, .s = 5, .deals = 4, .multi = 4, .ss = 9, .sm = 10, .mm = 16};
    assert_true(ci_cluster_share(&c, 0.95, &est, &lo, &hi));
    double v = 4.0 / 3 * 2.75 / 64, neff = 0.625 * 0.375 / v;
    ci_wilson(0.625, neff, ci_z(0.95), &wl, &wh);
    assert_true(fabs(lo - wl) < 1e-12 && fabs(hi - wh) < 1e-12);
    assert_true(ci_cluster_mean(&c, 0.95, &est, &lo, &hi));
    assert_true(fabs(hi - est - ci_z(0.95) * sqrt(v)) < 1e-12);
    /* the same share in every deal: V = 0, so n_eff = D */
    cluster_sums same = {.n = 48, .s = 16, .deals = 4, .multi = 4, .ss = 4 * 16, .sm = 4 * 48, .mm = 4 * 144};
    assert_true(ci_cluster_share(&same, 0.95, &est, &lo, &hi));
    ci_wilson(1.0 / 3, 4, ci_z(0.95), &wl, &wh);
    assert_true(fabs(lo - wl) < 1e-12 && fabs(hi - wh) < 1e-12);
    cluster_sums none = {0};
    assert_false(ci_cluster_share(&none, 0.95, &est, &lo, &hi));
}

static void test_fit_bins(void **state)
{
    (void)state;
    double p[ODDS_NPATTERNS], len[14];
    for (int i = 0; i < ODDS_NPATTERNS; i++) p[i] = (double)odds_patterns()[i].hands / 635013559600.0;
    for (int k = 0; k <= 13; k++) len[k] = rat_to_double(odds_hyper(k, 13, 39, 13));
    gof_chi2 g;
    gof_chi2_bins(&g, p, ODDS_NPATTERNS, 4000, GOF_POOL_HEAD);
    assert_int_equal(g.df, 21); /* S4.3 worked bins */
    assert_true(fabs(g.expected[20] - 7.69) < 0.01);
    assert_true(fabs(g.expected[21] - 19.98) < 0.01);
    assert_int_equal(g.bin_of[20], 20); /* 8-2-2-1 kept */
    assert_int_equal(g.bin_of[21], 21); /* 8-3-1-1 pooled */
    gof_chi2_bins(&g, p, ODDS_NPATTERNS, 40000, GOF_POOL_HEAD);
    assert_int_equal(g.df, 27);
    assert_string_equal(row_of("hand-patterns", "9-2-1-1")->id, "9-2-1-1");
    assert_int_equal(g.bin_of[odds_row_find("hand-patterns", "9-2-1-1") - odds_row_find("hand-patterns", "4-4-3-2")], 26);
    gof_chi2_bins(&g, p, ODDS_NPATTERNS, 4e6, GOF_POOL_HEAD);
    assert_int_equal(g.df, 34);
    gof_chi2_bins(&g, len, 14, 16000, GOF_POOL_TAILS);
    assert_int_equal(g.df, 8);
    assert_int_equal(g.bin_of[7], 7);
    assert_int_equal(g.bin_of[8], 8);
    assert_int_equal(g.bin_of[13], 8);
    gof_chi2_bins(&g, len, 14, 16e6, GOF_POOL_TAILS);
    assert_int_equal(g.df, 10);
    /* observed = expected: X2 = 0, p = 1 */
    double count[14];
    for (int k = 0; k < 14; k++) count[k] = 16e6 * len[k];
    gof_chi2_eval(&g, count);
    assert_true(g.x2 < 1e-6 && g.p > 0.999999);
    gof_mean_test t = gof_mean_z(100, 100 * 210.0, 100 * 210.0 * 210.0, 3380.0 / 17, 2530944.0 / 14161);
    assert_true(fabs(t.z - (210 - 3380.0 / 17) / sqrt(2530944.0 / 14161 / 100)) < 1e-12);
    assert_true(t.p < 1e-10);
}

/* --- the CSV, read back with libcsv --- */

typedef struct {
    char field[16][256];
    int nfields;
    int rows;
    const odds_row *table_rows;
    int failures;
    char line[4096];
} csv_check;

static void on_field(void *s, size_t len, void *data)
{
    csv_check *c = data;
    if (c->nfields < 16) {
        size_t n = len < 255 ? len : 255;
        memcpy(c->field[c->nfields], s, n);
        c->field[c->nfields][n] = 0;
    }
    c->nfields++;
}

static void on_row(int ch, void *data)
{
    (void)ch;
    csv_check *c = data;
    if (c->rows == 0) {
        static const char *const HEAD[] = {"table", "row", "event", "exact", "historic_text", "historic_value",
                                           "empirical", "ci_low", "ci_high", "n", "verdict", "source",
                                           "df", "critical_low", "critical_high"};
        assert_int_equal(c->nfields, 15);
        for (int i = 0; i < 15; i++) assert_string_equal(c->field[i], HEAD[i]);
    } else {
        const odds_row *r = &c->table_rows[c->rows - 1];
        assert_int_equal(c->nfields, 15);
        assert_string_equal(c->field[0], r->table);
        assert_string_equal(c->field[1], r->id);
        assert_string_equal(c->field[2], r->event);
        assert_close(strtod(c->field[3], NULL), rat_to_double(r->exact), 1e-14, "csv exact", r->id);
        assert_string_equal(c->field[4], r->hist ? r->hist->text : "");
        rational q;
        if (r->hist && odds_historic_value(r->hist, &q))
            assert_close(strtod(c->field[5], NULL), rat_to_double(q), 1e-14, "csv historic", r->id);
        else assert_string_equal(c->field[5], "");
        for (int i = 6; i <= 9; i++) assert_string_equal(c->field[i], "");
        assert_string_equal(c->field[10], r->hist ? odds_verdict(r->hist, r->exact) : "");
        assert_string_equal(c->field[11], r->hist ? r->hist->source : "");
    }
    c->rows++;
    c->nfields = 0;
}

static void test_csv_read_back_with_libcsv(void **state)
{
    (void)state;
    const char *path = test_tmp("odds.csv");
    diag_t err = {0};
    FILE *csv = fopen(path, "w");
    assert_non_null(csv);
    odds_csv *w = odds_csv_open(csv, &err);
    assert_non_null(w);
    int n;
    const odds_row *rows = odds_rows(&n);
    for (int i = 0; i < n; i++) {
        odds_line l = odds_line_of_row(&rows[i], NULL);
        odds_csv_write(w, &l);
    }
    assert_true(odds_csv_close(w, &err));
    assert_int_equal(fclose(csv), 0);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    struct csv_parser p;
    assert_int_equal(csv_init(&p, CSV_STRICT | CSV_APPEND_NULL), 0);
    static csv_check c;
    memset(&c, 0, sizeof c);
    c.table_rows = rows;
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        assert_int_equal(csv_parse(&p, buf, got, on_field, on_row, &c), got);
    csv_fini(&p, on_field, on_row, &c);
    csv_free(&p);
    assert_int_equal(c.rows, 1 + 569);
    /* The line of the spec's example (S2.2), byte for byte. */
    rewind(f);
    bool seen = false;
    while (fgets(buf, sizeof buf, f))
        if (strncmp(buf, "dealer-trumps,dealer.ge6,", 25) == 0) {
            assert_string_equal(buf, "dealer-trumps,dealer.ge6,\"dealer holds at least 6 trumps, turn-up included\","
                                     "0.0988649093407485,\"8 to 1 against\",0.111111111111111,,,,,loose?,"
                                     "\"epitome-of-whist-1829.txt L2542\",,,\n");
            seen = true;
        } else if (strncmp(buf, "partner-cards,m2.eq2,", 21) == 0) {
            const char *tail = strstr(buf, "\",0.105263157894737,");
            assert_non_null(tail);
            assert_string_equal(tail, "\",0.105263157894737,\"17 to 2 against his having 2\",0.105263157894737,,,,,"
                                      "exact,\"epitome-of-whist-1829.txt L2468\",,,\n");
        }
    assert_true(seen);
    fclose(f);
    unlink(path);
}

static void test_csv_empirical_columns(void **state)
{
    (void)state;
    const char *path = test_tmp("odds-emp.csv");
    diag_t err = {0};
    FILE *csv = fopen(path, "w");
    assert_non_null(csv);
    odds_csv *w = odds_csv_open(csv, &err);
    assert_non_null(w);
    odds_estimate e = {.has = true, .value = 0.25, .has_ci = true, .lo = 0.2, .hi = 0.3, .n = 1234};
    odds_line l = odds_line_of_row(row_of("two-hands", "m2.eq0"), &e);
    odds_csv_write(w, &l);
    odds_estimate none = {.n = 0};
    l = odds_line_of_row(row_of("hoyle", "two-trumps"), &none); /* not measurable: all empty */
    odds_csv_write(w, &l);
    l = odds_line_of_row(row_of("dealer-trumps", "dealer.ge13"), &none); /* n = 0 */
    odds_csv_write(w, &l);
    assert_true(odds_csv_close(w, &err));
    assert_int_equal(fclose(csv), 0);
    FILE *f = fopen(path, "r");
    char line[1024];
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(strstr(line, ",0.24,\"3 to 1 against his holding neither\",0.25,0.25,0.2,0.3,1234,loose,"));
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(strstr(line, ",0.214285714285714,\"it is 11 to 3 that C has not the two trumps\","
                                 "0.214285714285714,,,,,exact,"));
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(strstr(line, ",6.29907808979643e-12,,,,,,0,,,,,\n"));
    fclose(f);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_rows_and_order),
        cmocka_unit_test(test_exact_values_match_the_spec),
        cmocka_unit_test(test_exact_values_agree_with_gsl),
        cmocka_unit_test(test_odds_as_the_books_state_them),
        cmocka_unit_test(test_historic_figures_and_verdicts),
        cmocka_unit_test(test_verdict_rules),
        cmocka_unit_test(test_internal_checks),
        cmocka_unit_test(test_rational_arithmetic),
        cmocka_unit_test(test_confidence_intervals),
        cmocka_unit_test(test_fit_bins),
        cmocka_unit_test(test_csv_read_back_with_libcsv),
        cmocka_unit_test(test_csv_empirical_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
