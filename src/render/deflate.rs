//! A zlib stream (RFC 1950 around RFC 1951's DEFLATE) for data that is mostly runs of zeros,
//! as a filtered board image is: the data is given as literals and zero runs, and written as
//! one block with Huffman codes made for its own symbol counts. A run is one literal zero and
//! copies of the byte before (distance 1), so nothing is searched for; the checksum of a run
//! is worked out in one step, not byte by byte.

/// The largest DEFLATE code length.
const MAX_BITS: u8 = 15;
/// The largest length of the code-length code.
const MAX_LENGTH_BITS: u8 = 7;
/// The symbol that ends a block.
const END: usize = 256;
/// Adler-32's modulus.
const ADLER: u32 = 65521;

/// Lengths 3 to 258 of a copy: its symbol's first length, and its count of extra bits
/// (RFC 1951, 3.2.5), for symbols 257 to 285.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];

/// The order in which the code-length code's lengths are written (RFC 1951, 3.2.7).
const LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// The index into [`LENGTH_BASE`] of each copy length, 3 to 258.
const LENGTH_SLOT: [u8; 259] = {
    let mut slots = [0; 259];
    let (mut len, mut slot) = (3, 0);
    while len <= 258 {
        if slot + 1 < LENGTH_BASE.len() && LENGTH_BASE[slot + 1] as usize <= len {
            slot += 1;
        }
        slots[len] = slot as u8;
        len += 1;
    }
    slots
};

/// The index into [`LENGTH_BASE`] of a copy's length.
#[inline]
fn length_slot(len: usize) -> usize {
    debug_assert!((3..=258).contains(&len));
    LENGTH_SLOT[len] as usize
}

/// Where each run of three or more zeros falls: the number of literals before it, and its
/// length.
type Runs = Vec<(u32, u32)>;

thread_local! {
    /// The buffers of the last stream written on this thread, for the next.
    static SPARE: std::cell::Cell<(Vec<u8>, Runs)> =
        const { std::cell::Cell::new((Vec::new(), Vec::new())) };
}

/// Room past the literals written so far, for writing eight bytes at a time.
const SLACK: usize = 8;

/// Data as literals and runs of zeros, with the counts of the runs' symbols and its Adler-32
/// checksum so far. The literals are kept as bytes, eight written at a time, and counted once
/// at the end; a run is where it falls among them and its length.
pub struct Tokens {
    /// The literal bytes, zeros of short runs among them: the first `written`, then room.
    literals: Vec<u8>,
    written: usize,
    runs: Runs,
    /// The counts of the symbols the runs are written as (literal counts come at the end).
    counts: [u32; 286],
    /// The bytes so far, the pending run included.
    len: u64,
    /// The sum of the bytes, and of each byte times its position from 1, for Adler-32 at the
    /// end: a zero adds to neither, and no byte needs a division.
    sums: (u64, u128),
    /// A run of zeros not yet added.
    run: usize,
}

impl Tokens {
    pub fn new() -> Tokens {
        // The last stream's buffers: a board's literals are a sixth of a megabyte, which a
        // fresh allocation would map and fault in page by page every time.
        let (literals, mut runs) = SPARE.with(|s| s.take());
        runs.clear();
        Tokens {
            literals,
            written: 0,
            runs,
            counts: [0; 286],
            len: 0,
            sums: (0, 0),
            run: 0,
        }
    }

    /// Adds one byte.
    #[inline]
    pub fn byte(&mut self, b: u8) {
        if b == 0 {
            self.zeros(1);
        } else {
            self.end_run();
            self.len += 1;
            self.sums.0 += b as u64;
            self.sums.1 += (self.len * b as u64) as u128;
            self.write(b as u64, 1);
        }
    }

    /// Adds `n` zeros.
    #[inline]
    pub fn zeros(&mut self, n: usize) {
        self.run += n;
        self.len += n as u64;
    }

    /// Appends the first `n` bytes of `word` (little-endian) to the literals.
    #[inline]
    fn write(&mut self, word: u64, n: usize) {
        if self.written + SLACK > self.literals.len() {
            let room = (self.literals.len() * 2).max(self.written + SLACK + 4096);
            self.literals.resize(room, 0);
        }
        self.literals[self.written..self.written + SLACK].copy_from_slice(&word.to_le_bytes());
        self.written += n;
    }

    /// Adds a run of bytes, eight at a time: a word of zeros at once; in another word, the
    /// zeros before its first other byte join the run before, those after its last start the
    /// next, and the bytes between are written as literals in one store, zeros among them.
    /// The word's checksum sums are worked out in a few multiplications, not byte by byte.
    pub fn bytes(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            if w == 0 {
                self.zeros(8);
                continue;
            }
            let (sum, placed) = word_sums(w);
            self.sums.0 += sum;
            self.sums.1 += ((self.len + 1) * sum + placed) as u128;
            let (lead, trail) = (
                w.trailing_zeros() as usize / 8,
                w.leading_zeros() as usize / 8,
            );
            self.run += lead;
            self.end_run();
            self.write(w >> (8 * lead), 8 - lead - trail);
            self.run = trail;
            self.len += 8;
        }
        words.remainder().iter().for_each(|&b| self.byte(b));
    }

    /// Closes the pending run of zeros: one or two are literal zeros; a longer run is one
    /// literal zero, then copies of it.
    #[inline]
    fn end_run(&mut self) {
        let n = self.run;
        if n == 0 {
            return;
        }
        self.run = 0;
        if n < 3 {
            self.write(0, n);
        } else {
            self.runs.push((self.written as u32, n as u32));
            run_pieces(n, |copy| self.counts[piece_symbol(copy)] += 1);
        }
    }

    /// Adler-32 of the data (RFC 1950): with n bytes D1 … Dn, A = 1 + ΣDj and
    /// B = n + Σ(n - j + 1)·Dj = n + (n + 1)·ΣDj - Σj·Dj, both modulo 65521.
    fn adler32(&self) -> u32 {
        let (n, (sum, weighted)) = (self.len as u128, self.sums);
        let m = ADLER as u128;
        let a = (1 + sum as u128) % m;
        let b = (n + (n + 1) * sum as u128 - weighted) % m;
        ((b as u32) << 16) | a as u32
    }

    /// Counts the literals into the symbol counts: four tables in turn, so that a byte
    /// repeating the one before does not wait on its own count.
    fn count_literals(&mut self) {
        let mut tables = [[0u32; 256]; 4];
        let mut quads = self.literals[..self.written].chunks_exact(4);
        for q in &mut quads {
            tables[0][q[0] as usize] += 1;
            tables[1][q[1] as usize] += 1;
            tables[2][q[2] as usize] += 1;
            tables[3][q[3] as usize] += 1;
        }
        quads
            .remainder()
            .iter()
            .for_each(|&b| tables[0][b as usize] += 1);
        for (i, count) in self.counts[..256].iter_mut().enumerate() {
            *count += tables.iter().map(|t| t[i]).sum::<u32>();
        }
    }

    /// The zlib stream of the data, appended to `out`.
    pub fn zlib(mut self, out: &mut Vec<u8>) {
        self.end_run();
        self.count_literals();
        self.counts[END] += 1;
        // Deflate with a 32 KiB window, the fastest level; the check bits make it a
        // multiple of 31.
        out.extend_from_slice(&[0x78, 0x01]);
        let mut bits = Bits {
            out,
            buffer: 0,
            count: 0,
        };
        // The last block, with codes of its own.
        bits.put(1, 1);
        bits.put(2, 2);
        let lengths = code_lengths(&self.counts, MAX_BITS);
        let literals = lengths.len().max(257);
        // The one distance used, 1, is code 0: a code of one bit, as RFC 1951 asks of a
        // single distance code.
        let mut all = lengths.clone();
        all.resize(literals, 0);
        all.push(1);
        write_lengths(&mut bits, &all, literals);
        let codes = canonical(&lengths);
        let mut from = 0;
        let mut put_literals = |bits: &mut Bits, to: usize| {
            // Three codes of at most 15 bits each after at most 7 pending: 52 bits, within
            // the buffer, so three go in before the whole bytes are written, with no test.
            bits.drain();
            let mut threes = self.literals[from..to].chunks_exact(3);
            for three in &mut threes {
                for &b in three {
                    let (code, len) = codes[b as usize];
                    bits.add(code as u64, len);
                }
                bits.drain();
            }
            for &b in threes.remainder() {
                let (code, len) = codes[b as usize];
                bits.put(code as u64, len);
            }
            from = to;
        };
        for &(at, n) in &self.runs {
            put_literals(&mut bits, at as usize);
            run_pieces(n as usize, |copy| {
                if copy == 0 {
                    let (code, len) = codes[0];
                    bits.put(code as u64, len);
                    return;
                }
                let slot = length_slot(copy);
                let (code, len) = codes[257 + slot];
                bits.put(code as u64, len);
                let extra = copy - LENGTH_BASE[slot] as usize;
                bits.put(extra as u64, LENGTH_EXTRA[slot]);
                // Distance 1: distance code 0, its one bit zero, no extra bits.
                bits.put(0, 1);
            });
        }
        put_literals(&mut bits, self.written);
        let (code, len) = codes[END];
        bits.put(code as u64, len);
        bits.flush();
        out.extend_from_slice(&self.adler32().to_be_bytes());
        SPARE.with(|s| s.set((self.literals, self.runs)));
    }
}

/// The sum of the eight bytes of `w` (little-endian), and the sum of each times its place,
/// 0 to 7, in a few multiplications: byte pairs are added into four 16-bit lanes, and the
/// top lane of a product with a constant is the lanes' sum, each lane weighted.
#[inline]
fn word_sums(w: u64) -> (u64, u64) {
    const LANES: u64 = 0x00ff_00ff_00ff_00ff;
    // Lane i holds byte 2i, and byte 2i + 1.
    let (even, odd) = (w & LANES, (w >> 8) & LANES);
    let pairs = even + odd;
    // The top lane of x × 0x0001_0001_0001_0001 is x0 + x1 + x2 + x3, and of
    // x × 0x0000_0001_0002_0003 it is x1 + 2·x2 + 3·x3 (lane i weighted by i): no lane of
    // either product carries into the next, each holding at most 6 × 510.
    let sum = |x: u64| x.wrapping_mul(0x0001_0001_0001_0001) >> 48;
    let placed = pairs.wrapping_mul(0x0000_0001_0002_0003) >> 48;
    // Σ k·bk = Σ 2i·(b2i + b2i+1) + Σ b2i+1.
    (sum(pairs), 2 * placed + sum(odd))
}

/// The symbols of a run of `n` zeros: calls `each` with 0 for a literal zero, or with the
/// length of a copy of the byte before: a literal zero, then copies of at most 258 bytes,
/// the last two bytes literal zeros where fewer than three are left.
fn run_pieces(n: usize, mut each: impl FnMut(usize)) {
    each(0);
    let mut left = n - 1;
    while left >= 258 {
        each(258);
        left -= 258;
    }
    if left >= 3 {
        each(left);
    } else {
        (0..left).for_each(|_| each(0));
    }
}

/// The symbol a piece of a run is counted as.
fn piece_symbol(copy: usize) -> usize {
    if copy == 0 {
        0
    } else {
        257 + length_slot(copy)
    }
}

/// Bits written least significant first, as DEFLATE packs them.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    buffer: u64,
    count: u8,
}

impl Bits<'_> {
    #[inline]
    fn put(&mut self, bits: u64, n: u8) {
        self.buffer |= bits << self.count;
        self.count += n;
        if self.count >= 32 {
            self.out
                .extend_from_slice(&(self.buffer as u32).to_le_bytes());
            self.buffer >>= 32;
            self.count -= 32;
        }
    }

    /// Adds bits with no check: the caller keeps the count within 64.
    #[inline(always)]
    fn add(&mut self, bits: u64, n: u8) {
        self.buffer |= bits << self.count;
        self.count += n;
    }

    /// Writes the whole bytes of the buffer, leaving fewer than eight bits: eight bytes are
    /// stored and the length set after the whole ones, so that nothing depends on how many.
    #[inline(always)]
    fn drain(&mut self) {
        let whole = (self.count / 8) as usize;
        let len = self.out.len();
        self.out.extend_from_slice(&self.buffer.to_le_bytes());
        self.out.truncate(len + whole);
        // Shifting by 64 is not defined: at 64 bits (never reached) the buffer is all out.
        self.buffer = self.buffer.checked_shr(whole as u32 * 8).unwrap_or(0);
        self.count -= whole as u8 * 8;
    }

    fn flush(&mut self) {
        while self.count > 0 {
            self.out.push(self.buffer as u8);
            self.buffer >>= 8;
            self.count = self.count.saturating_sub(8);
        }
    }
}

/// Huffman code lengths for `counts`, none longer than `limit`, trailing unused symbols cut
/// off. Where the best code would be too long, the counts are halved (a used symbol stays
/// used) until it fits.
fn code_lengths(counts: &[u32], limit: u8) -> Vec<u8> {
    let mut counts = counts.to_vec();
    // Two symbols at least, so that the code is complete (inflaters refuse an incomplete one,
    // and a single symbol would be).
    for symbol in [0, 1] {
        if counts.iter().filter(|&&c| c > 0).count() < 2 && counts[symbol] == 0 {
            counts[symbol] = 1;
        }
    }
    loop {
        let lengths = huffman(&counts);
        if lengths.iter().all(|&l| l <= limit) {
            let used = lengths.iter().rposition(|&l| l > 0).map_or(0, |i| i + 1);
            return lengths[..used].to_vec();
        }
        for c in counts.iter_mut().filter(|c| **c > 0) {
            *c = (*c >> 1).max(1);
        }
    }
}

/// The lengths of an optimal prefix code for `counts` (0 for an unused symbol; a lone used
/// symbol gets one bit).
fn huffman(counts: &[u32]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut lengths = vec![0u8; counts.len()];
    // Nodes: the symbols, then the joined pairs; each joined node's parent is recorded.
    let mut parent: Vec<usize> = Vec::with_capacity(counts.len() * 2);
    let mut heap = BinaryHeap::new();
    for (symbol, &count) in counts.iter().enumerate() {
        parent.push(usize::MAX);
        if count > 0 {
            heap.push(Reverse((count as u64, symbol)));
        }
    }
    match heap.len() {
        0 => return lengths,
        1 => {
            if let Some(Reverse((_, symbol))) = heap.pop() {
                lengths[symbol] = 1;
            }
            return lengths;
        }
        _ => {}
    }
    while let (Some(Reverse((c1, n1))), Some(Reverse((c2, n2)))) = (heap.pop(), heap.pop()) {
        let node = parent.len();
        parent.push(usize::MAX);
        parent[n1] = node;
        parent[n2] = node;
        if heap.is_empty() {
            break;
        }
        heap.push(Reverse((c1 + c2, node)));
    }
    // A node's depth is one more than its parent's; parents come after their children.
    let mut depth = vec![0u8; parent.len()];
    for node in (0..parent.len()).rev() {
        if parent[node] != usize::MAX {
            depth[node] = depth[parent[node]].saturating_add(1);
        }
    }
    for (symbol, &count) in counts.iter().enumerate() {
        if count > 0 {
            lengths[symbol] = depth[symbol];
        }
    }
    lengths
}

/// The canonical codes of `lengths` (RFC 1951, 3.2.2), each bit-reversed for writing least
/// significant bit first, with its length.
fn canonical(lengths: &[u8]) -> Vec<(u16, u8)> {
    let mut per_length = [0u16; MAX_BITS as usize + 1];
    for &l in lengths.iter().filter(|&&l| l > 0) {
        per_length[l as usize] += 1;
    }
    let mut next = [0u16; MAX_BITS as usize + 2];
    let mut code = 0u16;
    for bits in 1..=MAX_BITS as usize {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    let mut codes = vec![(0, 0); lengths.len().max(END + 1)];
    for (symbol, &l) in lengths.iter().enumerate() {
        if l > 0 {
            let c = next[l as usize];
            next[l as usize] += 1;
            codes[symbol] = (c.reverse_bits() >> (16 - l as u16), l);
        }
    }
    codes
}

/// The block header after its type: the counts of literal/length and distance codes, the
/// code-length code, and the code lengths `all` (the first `literals` for literals and
/// lengths, the rest for distances) in it, with runs of repeated lengths shortened.
fn write_lengths(bits: &mut Bits, all: &[u8], literals: usize) {
    // The lengths as code-length symbols: a length, 16 (the previous, 3 to 6 times), 17 (zero,
    // 3 to 10 times) or 18 (zero, 11 to 138 times), each with its extra bits.
    let mut symbols: Vec<(u8, u8, u8)> = Vec::new();
    let mut i = 0;
    while i < all.len() {
        let l = all[i];
        let run = all[i..].iter().take_while(|&&x| x == l).count();
        if l == 0 && run >= 3 {
            let n = run.min(138);
            if n >= 11 {
                symbols.push((18, (n - 11) as u8, 7));
            } else {
                symbols.push((17, (n - 3) as u8, 3));
            }
            i += n;
        } else if l != 0 && run >= 4 {
            symbols.push((l, 0, 0));
            let n = (run - 1).min(6);
            symbols.push((16, (n - 3) as u8, 2));
            i += 1 + n;
        } else {
            symbols.push((l, 0, 0));
            i += 1;
        }
    }
    let mut counts = [0u32; 19];
    symbols
        .iter()
        .for_each(|&(s, _, _)| counts[s as usize] += 1);
    let mut lengths = code_lengths(&counts, MAX_LENGTH_BITS);
    lengths.resize(19, 0);
    let codes = canonical(&lengths);
    let sent = LENGTH_ORDER
        .iter()
        .rposition(|&s| lengths[s] > 0)
        .map_or(4, |i| (i + 1).max(4));
    bits.put((literals - 257) as u64, 5);
    bits.put((all.len() - literals - 1) as u64, 5);
    bits.put((sent - 4) as u64, 4);
    for &s in &LENGTH_ORDER[..sent] {
        bits.put(lengths[s] as u64, 3);
    }
    for (s, extra, n) in symbols {
        let (code, len) = codes[s as usize];
        bits.put(code as u64, len);
        bits.put(extra as u64, n);
    }
}

/// The zlib stream of `data` in stored blocks, uncompressed: for data the codes would make
/// longer (noise, or a tiny image).
pub fn stored(out: &mut Vec<u8>, data: &[u8]) {
    out.extend_from_slice(&[0x78, 0x01]);
    let mut blocks = data.chunks(u16::MAX as usize).peekable();
    if blocks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(block) = blocks.next() {
        let len = block.len() as u16;
        out.push(blocks.peek().is_none() as u8);
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out.extend_from_slice(&adler32(data).to_be_bytes());
}

/// Adler-32 of `data`, byte by byte (RFC 1950).
fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut s) = (1u32, 0u32);
    // 5552 bytes at most between reductions keep both sums within 32 bits.
    for part in data.chunks(5552) {
        for &b in part {
            a += b as u32;
            s += a;
        }
        (a, s) = (a % ADLER, s % ADLER);
    }
    (s << 16) | a
}

#[cfg(test)]
mod tests {
    use super::{adler32, code_lengths, stored, word_sums, Tokens, MAX_BITS};

    fn zlib(data: &[u8]) -> Vec<u8> {
        let mut tokens = Tokens::new();
        tokens.bytes(data);
        let mut out = Vec::new();
        tokens.zlib(&mut out);
        out
    }

    fn inflated(stream: &[u8]) -> Vec<u8> {
        miniz_oxide::inflate::decompress_to_vec_zlib(stream).expect("a zlib stream")
    }

    /// Runs of every length around the copies' limits (one literal zero, copies of 258, a
    /// remainder of one or two as literals), between literals, and data that is nothing but
    /// zeros, one byte, or empty: each inflates to itself, with its checksum.
    #[test]
    fn literals_and_runs_inflate_to_themselves() {
        let mut cases: Vec<Vec<u8>> = vec![vec![], vec![7], vec![0], vec![0; 100_000]];
        for run in [
            1, 2, 3, 4, 10, 11, 257, 258, 259, 260, 261, 516, 517, 518, 1000,
        ] {
            let mut data = vec![9, 255];
            data.extend(std::iter::repeat_n(0, run));
            data.extend([1, 0, 0, 128]);
            data.extend(std::iter::repeat_n(0, run));
            cases.push(data);
        }
        for data in cases {
            assert!(inflated(&zlib(&data)) == data, "{} bytes", data.len());
            let mut out = Vec::new();
            stored(&mut out, &data);
            assert!(inflated(&out) == data, "{} bytes, stored", data.len());
        }
    }

    /// Adler-32 from the token sums equals the byte-by-byte sum, here over data long enough
    /// for both sums to wrap many times.
    #[test]
    fn the_checksum_of_runs_is_the_checksum_of_their_bytes() {
        let data: Vec<u8> = (0..300_000u32)
            .map(|i| if i % 7 < 3 { 0 } else { (i * 31 % 251) as u8 })
            .collect();
        let mut tokens = Tokens::new();
        tokens.bytes(&data);
        tokens.end_run();
        assert_eq!(tokens.adler32(), adler32(&data));
        // A known value: "Wikipedia" is 0x11E60398.
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
    }

    /// A word's sums from its lanes equal the bytes added one by one, the largest included.
    #[test]
    fn a_words_sums_are_those_of_its_bytes() {
        let mut w = 0x0123_4567_89ab_cdefu64;
        for _ in 0..10_000 {
            for word in [w, u64::MAX, w & 0xff00_ff00_00ff_0000, 1 << 63, 1] {
                let bytes = word.to_le_bytes();
                let sum: u64 = bytes.iter().map(|&b| b as u64).sum();
                let placed: u64 = (0..8).map(|k| k as u64 * bytes[k] as u64).sum();
                assert_eq!(word_sums(word), (sum, placed), "{word:#x}");
            }
            w = w.rotate_left(13).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5555;
        }
    }

    /// Codes for counts as skewed as a board's (one symbol in most places, many seen once)
    /// stay within 15 bits and are complete: the Kraft sum is exactly one.
    #[test]
    fn code_lengths_are_limited_and_complete() {
        let mut counts = vec![1u32; 286];
        counts[0] = 5_000_000;
        for (i, c) in counts.iter_mut().enumerate().skip(1).take(40) {
            *c = 1 << (i % 24);
        }
        for counts in [counts, vec![3, 0, 0, 0, 9], vec![0, 0, 4]] {
            let lengths = code_lengths(&counts, MAX_BITS);
            assert!(lengths.iter().all(|&l| l <= MAX_BITS));
            let kraft: f64 = lengths
                .iter()
                .filter(|&&l| l > 0)
                .map(|&l| 0.5f64.powi(l as i32))
                .sum();
            assert_eq!(kraft, 1.0, "{lengths:?}");
        }
    }
}
