solitario analyze --game orologio52 --seeds 1..1000000 --workers 2 --quiet --json
