//! The table of the meet in the middle: counts of half fillings by their mask of used
//! numbers, open addressing, cleared in constant time by a generation stamp.

/// A table of counts by 32-bit mask, cleared by a generation stamp.
pub(crate) struct Table {
    keys: Vec<u32>,
    counts: Vec<u32>,
    stamps: Vec<u32>,
    now: u32,
}

const TABLE_BITS: u32 = 15;

impl Table {
    pub(crate) fn new() -> Table {
        let size = 1 << TABLE_BITS;
        Table { keys: vec![0; size], counts: vec![0; size], stamps: vec![0; size], now: 0 }
    }

    pub(super) fn clear(&mut self) {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
    }

    #[inline(always)]
    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> (32 - TABLE_BITS)) as usize
    }

    #[inline(always)]
    pub(super) fn add(&mut self, key: u32) {
        let mut i = Table::slot(key);
        loop {
            if self.stamps[i] != self.now {
                self.stamps[i] = self.now;
                self.keys[i] = key;
                self.counts[i] = 1;
                return;
            }
            if self.keys[i] == key {
                self.counts[i] += 1;
                return;
            }
            i = (i + 1) & ((1 << TABLE_BITS) - 1);
        }
    }

    #[inline(always)]
    pub(super) fn get(&self, key: u32) -> u32 {
        let mut i = Table::slot(key);
        loop {
            if self.stamps[i] != self.now {
                return 0;
            }
            if self.keys[i] == key {
                return self.counts[i];
            }
            i = (i + 1) & ((1 << TABLE_BITS) - 1);
        }
    }
}
