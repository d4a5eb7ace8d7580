solitario analyze --game reloj --seeds 1..100000 --quiet --json
