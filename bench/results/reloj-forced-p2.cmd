solitario analyze --game reloj --play forced --passes 2 --seeds 1..100000 --quiet --json
