"""Atom feeds, built with feedgen: the one builder behind the archive's and tournaments' feeds.

Links are absolute URLs made from ``BASE_URL`` (``pbem.core.urls``): feed readers fetch from
outside, so the request's own host is no guide.
"""

from __future__ import annotations

from .db import utcnow

CONTENT_TYPE = "application/atom+xml; charset=utf-8"


def atom(title: str, self_url: str, page_url: str, entries: list[dict],
         since=None) -> bytes:
    """An Atom document; ``entries`` (newest first) are dicts of ``url``, ``title``,
    ``updated``, ``summary`` and optionally ``id`` (the entry's stable id; ``url`` by default).
    An empty feed is updated ``since`` (when the thing it follows began), so the same feed is
    the same bytes and its ETag holds.
    """
    # Imported here: feedgen (and lxml) are a tenth of a second of every process's start-up,
    # and only a feed request needs them.
    from feedgen.feed import FeedGenerator

    feed = FeedGenerator()
    feed.id(self_url)
    feed.title(title)
    feed.author({"name": "pbem"})
    feed.link(href=self_url, rel="self")
    feed.link(href=page_url, rel="alternate")
    feed.updated(max((e["updated"] for e in entries), default=since or utcnow()))
    for data in reversed(entries):  # feedgen prepends: the newest ends up first
        entry = feed.add_entry()
        entry.id(data.get("id", data["url"]))
        entry.title(data["title"])
        entry.link(href=data["url"], rel="alternate")
        entry.updated(data["updated"])
        entry.summary(data["summary"])
    return feed.atom_str(pretty=True)
