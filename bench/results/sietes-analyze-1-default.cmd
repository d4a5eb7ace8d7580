solitario analyze --game sietes --seeds 1..20000 --quiet --json
