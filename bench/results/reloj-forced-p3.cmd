solitario analyze --game reloj --play forced --passes 3 --seeds 1..100000 --quiet --json
