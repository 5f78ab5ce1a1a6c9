#!/bin/sh
# Rebuilds the graded course: exercises/course/<game>/*.yaml for the four games, mined from
# the real games in ../shared/games (see its SOURCES.md) and, for the 64-square game that has
# no public archive here, composed by `generate` (which also tops up the international, russian
# and english courses, whose real games give fewer than 300 combinations). Every file is checked by `damtutor validate`.
#
#   scripts/course.sh [OUT]                 the full course (OUT: exercises/course)
#   COURSE_MAX_GAMES=20 COURSE_COUNT=2 scripts/course.sh /tmp/course    a small sample
#
# Deterministic: `mine` reads every game (or the first COURSE_MAX_GAMES of each board) with
# fixed budgets and no time limit, and its result depends on the games alone, not on the
# threads; `generate` uses fixed seeds and a time limit long enough never to be reached. The
# same inputs and the same damtutor give the same files, byte for byte.
#
# Duplicates: `mine` drops a position seen before in the run (in file order) or its colour
# mirror (the board turned half round and the colours swapped); `generate` does the same within
# its set, and its levels cannot share a position (the level is a function of the position).
# The left-right reflection needs no check: it takes dark squares onto light ones, so no two
# positions of one board are reflections of each other.
#
# Environment: DAMTUTOR (the binary; default target/release/damtutor), DAMTUTOR_GAMES (the
# game files; default ../shared/games), COURSE_MAX_GAMES (games mined per board; default all),
# COURSE_COUNT (exercises composed per level of the 64-square game; default 50), COURSE_TOPUP
# (composed per level for the other boards; default: enough for 300 with the mined ones,
# ceil((300 - mined) / 6) + 2), COURSE_THREADS.
#
# Every exercise `mine --max-tree 2000` and `generate` keep can be practised: its practice tree
# fits `practice`'s default --max-tree, so `damtutor practice exercises/course/<game>` needs no flag.
set -eu

out=${1:-exercises/course}
bin=${DAMTUTOR:-target/release/damtutor}
games=${DAMTUTOR_GAMES:-../shared/games}
count=${COURSE_COUNT:-50}
topup=${COURSE_TOPUP:-}
threads=${COURSE_THREADS:+--threads $COURSE_THREADS}
max=${COURSE_MAX_GAMES:+--max-games $COURSE_MAX_GAMES}

[ -x "$bin" ] || { echo "course: $bin is missing: build it with cargo build --release" >&2; exit 2; }
[ -d "$games" ] || { echo "course: $games is missing: the game files (see SOURCES.md)" >&2; exit 2; }

# mine GAME VARIANT TITLE TITLE_ZH FILES...: one set per board, every file of the board in one
# run; the set's title in English and Chinese.
mine() {
    game=$1 variant=$2 title=$3 title_zh=$4
    shift 4
    mkdir -p "$out/$game"
    # shellcheck disable=SC2086
    "$bin" mine "$@" --variant "$variant" $max $threads --max-tree 2000 --title "$title" \
        --title-zh "$title_zh" --out "$out/$game/mined.yaml"
}

mine international international "International draughts: combinations from tournament games" \
    "国际跳棋：实战对局中的战术打击" \
    "$games/mig0_internt_wk2003.pdn" "$games/mig0_internt_Cannes_Open_Tournament_2002.pdn" \
    "$games/mig0_internt_az2000.pdn"
mine russian russian "Russian draughts: combinations from championship games" \
    "俄罗斯跳棋：锦标赛对局中的战术打击" \
    "$games/wiegerw_succeed_ussr1947.pdn" "$games/mig0_russian_abatsiev.pdn"
mine english english "English checkers: combinations from master games" \
    "英国跳棋：大师对局中的战术打击" \
    "$games/raven_tinsley.pdn" "$games/wiegerw_succeed_inferno.pdn"

# compose GAME VARIANT SEED COUNT NAME NAME_ZH: composed shots, one file per level 1-6, each
# level with its own seed, titled with the game's NAME in English and Chinese and the level.
compose() {
    game=$1 variant=$2 seed=$3 n=$4 name=$5 name_zh=$6
    mkdir -p "$out/$game"
    for level in 1 2 3 4 5 6; do
        # shellcheck disable=SC2086
        "$bin" generate --variant "$variant" --motif shot --level "$level" --count "$n" \
            --seed "$((seed + level))" --time-limit 86400 $threads \
            --title "$name: composed shots, level $level" \
            --title-zh "${name_zh}：原创战术打击（${level} 级）" \
            --out "$out/$game/level-$level.yaml"
    done
}

# The 64-square game has no public archive here: composed exercises only. The boards whose
# real games give fewer than 300 combinations are topped up with composed ones.
compose brazilian 64 640 "$count" "64-square draughts" "64格国际跳棋"
# topup GAME: COURSE_TOPUP, else what brings the board's mined set to 300 over six levels.
topup() {
    if [ -n "$topup" ]; then echo "$topup"; return; fi
    mined=$(grep -c '^- id:' "$out/$1/mined.yaml" || true)
    echo $(( (300 - mined + 5) / 6 + 2 ))
}
compose international international 100 "$(topup international)" "International draughts" "国际跳棋"
compose russian russian 250 "$(topup russian)" "Russian draughts" "俄罗斯跳棋"
compose english english 380 "$(topup english)" "English checkers" "英国跳棋"

for file in "$out"/*/*.yaml; do
    "$bin" validate "$file"
done
