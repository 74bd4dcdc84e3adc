"""A bot for pbem that plays random legal moves through the API.

    python random_bot.py https://pbem.example TOKEN     (a token with the read and play scopes)
"""

import random
import sys
import time

import requests


def play_waiting_turns(base: str, token: str) -> int:
    """Play a random whole turn in every game waiting for us; how many were played."""
    with requests.Session() as api:
        api.headers["Authorization"] = f"Bearer {token}"
        waiting = api.get(f"{base}/api/games", params={"to_move": "me"}).json()["games"]
        for row in waiting:
            url, plies = f"{base}/api/games/{row['id']}", []
            while True:  # a turn may have several plies: ask for the next ones after ours
                game = api.get(url, params={"after": " ".join(plies)}).json()
                if "turn" not in game or game["turn"]["complete"]:
                    break
                plies.append(random.choice(game["turn"]["legal_moves"]))
            if plies:
                api.post(f"{url}/move", json={"move": " ".join(plies), "ply": game["ply"]})
    return len(waiting)


if __name__ == "__main__":
    while True:
        play_waiting_turns(sys.argv[1].rstrip("/"), sys.argv[2])
        time.sleep(10)
