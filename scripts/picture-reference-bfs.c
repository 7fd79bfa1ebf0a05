/* Reference breadth-first searches of the picture cube, written the plain way, to time
 * `cubelab picture census` against (docs/benchmarks.md) and to check its layers.
 *
 *   cc -O2 -o /tmp/picture-bfs scripts/picture-reference-bfs.c
 *   /tmp/picture-bfs plain M N     every board of an M x N board, no symmetry: a byte
 *                                  per board index (24^(MN) of them) and a FIFO queue
 *   /tmp/picture-bfs orbit M       an M x 1 board up to permuting its cubes: the sorted
 *                                  multiset of orientations (sorted again after every
 *                                  move by insertion sort), ranked into a byte table, a
 *                                  FIFO queue of multisets
 *   /tmp/picture-bfs orbit-qsort M the same with libc's qsort, as this file first had it
 *                                  (issue 43: 75% of its instructions were qsort's, so it
 *                                  is no fair yardstick; kept to show the difference)
 *
 * Both print "distance count" lines (boards, not classes), to compare with the census.
 * The cube is independent of cubelab: the 24 rotation matrices, generated from two
 * quarter turns; a row move multiplies each cube of its row from the right by a quarter
 * turn about x (either way), a column move by one about z. (Conventions other than
 * cubelab's give the same distance counts: the graphs are isomorphic.) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int m[9]; } Mat;
static Mat rot[24];
static int nrot;
static uint8_t turn[4][24]; /* right multiplication by Rx, Rx^-1, Rz, Rz^-1 */

static Mat mul(Mat a, Mat b) {
    Mat c;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int s = 0;
            for (int k = 0; k < 3; k++) s += a.m[i * 3 + k] * b.m[k * 3 + j];
            c.m[i * 3 + j] = s;
        }
    return c;
}

static int find(Mat a) {
    for (int i = 0; i < nrot; i++)
        if (!memcmp(&rot[i], &a, sizeof a)) return i;
    return -1;
}

static void cube_tables(void) {
    Mat id = {{1, 0, 0, 0, 1, 0, 0, 0, 1}};
    Mat rx = {{1, 0, 0, 0, 0, -1, 0, 1, 0}}, rxi = {{1, 0, 0, 0, 0, 1, 0, -1, 0}};
    Mat rz = {{0, -1, 0, 1, 0, 0, 0, 0, 1}}, rzi = {{0, 1, 0, -1, 0, 0, 0, 0, 1}};
    Mat gen[4] = {rx, rxi, rz, rzi};
    rot[nrot++] = id;
    for (int i = 0; i < nrot; i++)
        for (int g = 0; g < 4; g++) {
            Mat p = mul(rot[i], gen[g]);
            if (find(p) < 0) rot[nrot++] = p;
        }
    if (nrot != 24) { fprintf(stderr, "expected 24 rotations, got %d\n", nrot); exit(1); }
    for (int g = 0; g < 4; g++)
        for (int i = 0; i < 24; i++) turn[g][i] = (uint8_t)find(mul(rot[i], gen[g]));
}

static void plain(int m, int n) {
    int cells = m * n;
    uint64_t size = 1;
    for (int k = 0; k < cells; k++) size *= 24;
    uint8_t *dist = malloc(size);
    uint32_t *queue = malloc(size / 2 * sizeof(uint32_t)); /* at most 2^(m+n-1) 12^(mn) <= 24^(mn)/2 */
    if (!dist || !queue || size > UINT32_MAX) { fprintf(stderr, "too large\n"); exit(1); }
    memset(dist, 255, size);
    uint64_t count[256] = {0};
    uint64_t head = 0, tail = 0;
    dist[0] = 0;
    queue[tail++] = 0;
    uint64_t pw[32];
    pw[0] = 1;
    for (int k = 1; k <= cells; k++) pw[k] = pw[k - 1] * 24;
    while (head < tail) {
        uint32_t s = queue[head++];
        int d = dist[s];
        count[d]++;
        uint8_t c[32];
        for (int k = 0; k < cells; k++) c[k] = (uint8_t)(s / pw[k] % 24);
        for (int line = 0; line < m + n; line++)
            for (int g = 0; g < 2; g++) {
                uint64_t t = s;
                const uint8_t *tab = turn[line < m ? g : 2 + g];
                for (int k = 0; k < cells; k++) {
                    int in = line < m ? k / n == line : k % n == line - m;
                    if (in) t = t - c[k] * pw[k] + tab[c[k]] * pw[k];
                }
                if (dist[t] == 255) {
                    dist[t] = (uint8_t)(d + 1);
                    queue[tail++] = (uint32_t)t;
                }
            }
    }
    for (int d = 0; count[d]; d++) printf("%d %llu\n", d, (unsigned long long)count[d]);
}

static int cmp(const void *a, const void *b) { return *(const uint8_t *)a - *(const uint8_t *)b; }

/* Insertion sort of m small values: what a careful person writes for m <= 12 (after a
 * row move only one value is out of place, and it moves into place in one pass). */
static void insertion_sort(uint8_t *t, int m) {
    for (int i = 1; i < m; i++) {
        uint8_t v = t[i];
        int j = i;
        for (; j > 0 && t[j - 1] > v; j--) t[j] = t[j - 1];
        t[j] = v;
    }
}

static uint64_t binom[64][16];

/* Rank of a sorted multiset of m values below 24: the m-subset {c_i + i} of 0..24+m-1. */
static uint64_t rank_of(const uint8_t *c, int m) {
    uint64_t r = 0;
    for (int i = 0; i < m; i++) r += binom[c[i] + i][i + 1];
    return r;
}

static void orbit(int m, int use_qsort) {
    for (int x = 0; x < 64; x++) {
        binom[x][0] = 1;
        for (int k = 1; k < 16; k++) binom[x][k] = x ? binom[x - 1][k - 1] + binom[x - 1][k] : 0;
    }
    uint64_t size = binom[24 + m - 1][m];
    uint8_t *dist = malloc(size);
    uint8_t *queue = malloc(size * m);
    if (!dist || !queue) { fprintf(stderr, "too large\n"); exit(1); }
    memset(dist, 255, size);
    uint64_t fact[16] = {1};
    for (int k = 1; k < 16; k++) fact[k] = fact[k - 1] * k;
    uint64_t count[256] = {0};
    uint64_t head = 0, tail = 0;
    memset(queue, 0, m);
    dist[0] = 0;
    tail = 1;
    while (head < tail) {
        uint8_t *s = queue + head * m;
        head++;
        int d = dist[rank_of(s, m)];
        /* boards in the class: m! / prod(mult!) */
        uint64_t w = fact[m];
        for (int i = 0, run = 1; i < m; i++, run++)
            if (i == m - 1 || s[i + 1] != s[i]) { w /= fact[run]; run = 0; }
        count[d] += w;
        uint8_t t[16];
        for (int k = 0; k <= m; k++)
            for (int g = 0; g < 2; g++) {
                memcpy(t, s, m);
                if (k < m) t[k] = turn[g][t[k]]; /* the row of cube k */
                else
                    for (int i = 0; i < m; i++) t[i] = turn[2 + g][t[i]]; /* the column */
                if (use_qsort) qsort(t, m, 1, cmp);
                else insertion_sort(t, m);
                uint64_t r = rank_of(t, m);
                if (dist[r] == 255) {
                    dist[r] = (uint8_t)(d + 1);
                    memcpy(queue + tail * m, t, m);
                    tail++;
                }
            }
    }
    for (int d = 0; count[d]; d++) printf("%d %llu\n", d, (unsigned long long)count[d]);
}

int main(int argc, char **argv) {
    cube_tables();
    if (argc == 4 && !strcmp(argv[1], "plain")) plain(atoi(argv[2]), atoi(argv[3]));
    else if (argc == 3 && !strcmp(argv[1], "orbit") && atoi(argv[2]) >= 1 && atoi(argv[2]) <= 12) orbit(atoi(argv[2]), 0);
    else if (argc == 3 && !strcmp(argv[1], "orbit-qsort") && atoi(argv[2]) >= 1 && atoi(argv[2]) <= 12) orbit(atoi(argv[2]), 1);
    else {
        fprintf(stderr, "usage: picture-bfs plain M N | orbit M | orbit-qsort M\n");
        return 2;
    }
    return 0;
}
