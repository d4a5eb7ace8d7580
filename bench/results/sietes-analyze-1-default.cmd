solitario analyze --game sietes --seeds 1..100000 --workers 2 --quiet --json
