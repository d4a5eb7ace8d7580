solitario analyze --game orologio --seeds 1..100000 --workers 1 --tt-mem 8MiB --quiet --json
