solitario analyze --game sietes --play free --passes 2 --seeds 1..10000 --workers 1 --tt-mem 64MiB --quiet --json
