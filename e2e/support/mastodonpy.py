"""Drives Debian's Mastodon.py (python3-mastodon) against a Splikz server, for e2e/mastodonDebianClients.spec.ts.

register BASE            -> prints {"client_id", "client_secret", "url"} (the authorize URL to open)
run BASE ID SECRET CODE POST_ID AUTHOR_ID PHOTO
                         -> logs in with the code, reads, posts a photo, replies, likes, shares, follows,
                            reads notifications, prints {"step": "streaming", ...}, then waits for a new
                            post on its user stream and prints {"streamed": id}.
Each answer is one JSON line on stdout.
"""
import json
import sys
import threading

from mastodon import Mastodon, StreamListener

SCOPES = ["read", "write", "follow"]
OOB = "urn:ietf:wg:oauth:2.0:oob"


def say(**fields):
    print(json.dumps(fields), flush=True)


def register(base):
    client_id, client_secret = Mastodon.create_app(
        "Mastodon.py on Debian", api_base_url=base, scopes=SCOPES, redirect_uris=OOB
    )
    api = Mastodon(client_id=client_id, client_secret=client_secret, api_base_url=base)
    say(client_id=client_id, client_secret=client_secret, url=api.auth_request_url(scopes=SCOPES, redirect_uris=OOB))


def run(base, client_id, client_secret, code, post_id, author_id, photo):
    api = Mastodon(client_id=client_id, client_secret=client_secret, api_base_url=base)
    api.log_in(code=code, scopes=SCOPES, redirect_uri=OOB)
    me = api.account_verify_credentials()
    home = api.timeline_home(limit=40)
    media = api.media_post(photo, mime_type="image/png", description="A loaf, from Mastodon.py")
    posted = api.status_post("A photo from Mastodon.py", media_ids=[media["id"]])
    reply = api.status_post("Replying from Mastodon.py", in_reply_to_id=post_id)
    liked = api.status_favourite(post_id)
    shared = api.status_reblog(post_id)
    followed = api.account_follow(author_id)
    notifications = api.notifications()

    arrived = threading.Event()
    streamed = {}

    class Listener(StreamListener):
        def on_update(self, status):
            if str(status["account"]["id"]) == author_id and not arrived.is_set():
                streamed["id"] = str(status["id"])
                arrived.set()

    handle = api.stream_user(Listener(), run_async=True)
    # The stream is open once it receives: a post made before would not be on it.
    for _ in range(100):
        if handle.is_receiving():
            break
        threading.Event().wait(0.1)
    say(
        step="streaming",
        username=me["username"],
        home=[str(status["id"]) for status in home],
        media_description=posted["media_attachments"][0]["description"],
        reply_to=str(reply["in_reply_to_id"]),
        favourited=liked["favourited"],
        reblogs=shared["reblog"]["reblogs_count"],
        following=followed["following"],
        notifications=len(notifications),
    )
    if not arrived.wait(30):
        say(error="no post arrived on the stream")
        sys.exit(1)
    handle.close()
    say(streamed=streamed["id"])


if __name__ == "__main__":
    if sys.argv[1] == "register":
        register(sys.argv[2])
    else:
        run(*sys.argv[2:9])
