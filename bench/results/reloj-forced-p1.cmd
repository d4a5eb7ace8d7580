solitario analyze --game reloj --play forced --passes 1 --seeds 1..100000 --quiet --json
