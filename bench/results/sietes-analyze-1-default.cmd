solitario analyze --game sietes --seeds 1..10000 --workers 1 --tt-mem 64MiB --quiet --json
