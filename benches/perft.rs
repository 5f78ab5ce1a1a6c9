//! Perft speed: the initial position (bulk counting and making every move), the woldouby
//! position (captures and majority rule), and a board of kings only, in international draughts;
//! and the start position of each 8x8 game (brazilian, russian, english), bulk and not.
//!
//! `cargo bench --bench perft`; throughput is reported in nodes (elements) per second. Sample
//! sizes are kept at criterion's minimum so the whole run takes a minute or two.

use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use damtutor::{perft, with_variant, Rules, Variant};
use damtutor_rules::Position;
use std::time::Duration;

struct Case {
    name: &'static str,
    variant: Variant,
    fen: &'static str,
    depth: u32,
    bulk: bool,
}

const CASES: &[Case] = &[
    Case {
        name: "initial",
        variant: Variant::International,
        fen: "W:W31-50:B1-20",
        depth: 9,
        bulk: true,
    },
    Case {
        name: "initial",
        variant: Variant::International,
        fen: "W:W31-50:B1-20",
        depth: 8,
        bulk: false,
    },
    Case {
        name: "woldouby",
        variant: Variant::International,
        fen: "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        depth: 12,
        bulk: true,
    },
    Case {
        name: "woldouby",
        variant: Variant::International,
        fen: "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        depth: 11,
        bulk: false,
    },
    Case {
        name: "kings",
        variant: Variant::International,
        fen: "W:WK31-50:BK1-20",
        depth: 8,
        bulk: true,
    },
    Case {
        name: "kings",
        variant: Variant::International,
        fen: "W:WK31-50:BK1-20",
        depth: 7,
        bulk: false,
    },
    Case {
        name: "brazilian",
        variant: Variant::Brazilian,
        fen: "start",
        depth: 11,
        bulk: true,
    },
    Case {
        name: "brazilian",
        variant: Variant::Brazilian,
        fen: "start",
        depth: 10,
        bulk: false,
    },
    Case {
        name: "russian",
        variant: Variant::Russian,
        fen: "start",
        depth: 11,
        bulk: true,
    },
    Case {
        name: "russian",
        variant: Variant::Russian,
        fen: "start",
        depth: 10,
        bulk: false,
    },
    Case {
        name: "english",
        variant: Variant::English,
        fen: "start",
        depth: 11,
        bulk: true,
    },
    Case {
        name: "english",
        variant: Variant::English,
        fen: "start",
        depth: 10,
        bulk: false,
    },
];

/// Measures one case in the game `R`.
fn bench_case<R: Rules>(group: &mut BenchmarkGroup<'_, WallTime>, case: &Case) {
    let position: Position<R> = case.fen.parse().expect("a valid FEN");
    let count = if case.bulk {
        perft::perft_bulk::<R>
    } else {
        perft::perft::<R>
    };
    let nodes = count(&position, case.depth);
    group.throughput(Throughput::Elements(nodes));
    let kind = if case.bulk { "bulk" } else { "make" };
    let id = BenchmarkId::new(format!("{}/{kind}", case.name), case.depth);
    group.bench_with_input(id, &position, |b, position| {
        b.iter(|| count(black_box(position), black_box(case.depth)))
    });
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(4));
    for case in CASES {
        with_variant!(case.variant, R => bench_case::<R>(&mut group, case));
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
