#!/usr/bin/env bash
# Makes the card-art fonts in assets/fonts/ from Debian's fonts-noto-cjk (SIL OFL 1.1): only the
# glyphs the faces draw, so each file is a few kilobytes. Run by hand when a face needs a new
# character (add it below); the build and the tests only read the committed files.
#
#   apt-get install -y fonts-noto-cjk python3-fonttools   # or: pip install fonttools
#   scripts/subset-font.sh
set -euo pipefail
cd "$(dirname "$0")/.."

NOTO=${NOTO:-/usr/share/fonts/opentype/noto}
# fontTools from Debian's python3-fonttools (/usr/bin/python3) or from pip (python3).
PYTHON=${PYTHON:-}
if [ -z "$PYTHON" ]; then
    for p in python3 /usr/bin/python3; do
        if "$p" -c 'import fontTools.subset' 2>/dev/null; then PYTHON=$p; break; fi
    done
fi
[ -n "$PYTHON" ] || { echo "fontTools is missing: apt-get install python3-fonttools (or pip install fonttools)" >&2; exit 1; }

# MOMOJAN: the numbers 1-9 and the animals' characters (犬 dog, 猿 monkey, 雉 pheasant);
# riichi: the characters' suit mark 萬 and the honors 東 南 西 北 白 發 中 (with the digits).
SANS_TEXT='123456789犬猿雉萬東南西北白發中'
# Shogi mahjong: the pieces' characters.
SERIF_TEXT='歩香桂銀金角飛玉'

subset() { # collection, font number in it (0: JP), characters, output
    "$PYTHON" -m fontTools.subset "$1" --font-number="$2" --text="$3" \
        --layout-features='' --no-hinting --desubroutinize \
        --name-IDs='*' --name-languages='*' --notdef-outline \
        --output-file="$4"
    echo "$4: $(wc -c <"$4") bytes"
}

subset "$NOTO/NotoSansCJK-Bold.ttc" 0 "$SANS_TEXT" assets/fonts/NotoSansCJKjp-Bold-subset.otf
subset "$NOTO/NotoSerifCJK-Bold.ttc" 0 "$SERIF_TEXT" assets/fonts/NotoSerifCJKjp-Bold-subset.otf
