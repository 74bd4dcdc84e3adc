"""Push listens to the mail sender: each delivered message goes to the browsers too."""

from __future__ import annotations

from ..mail import events
from .service import pushed_after_mail


def subscribe() -> None:
    events.delivered.connect(pushed_after_mail)
