solitario analyze --game reloj --play forced --passes 0 --seeds 1..100000 --quiet --json
