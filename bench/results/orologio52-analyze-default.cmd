solitario analyze --game orologio52 --seeds 1..100000 --workers 1 --tt-mem 8MiB --quiet --json
