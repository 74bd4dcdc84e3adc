"""The admin's import form: a record pasted or uploaded (JSON or text)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import TextAreaField

from ..core.i18n import _l
from .history import BadRecord


class ImportForm(FlaskForm):
    record = TextAreaField(_l("Paste a record (JSON or text)"))
    upload = FileField(_l("or upload a record file"))

    def record_text(self) -> str:
        """The uploaded file's text, else the pasted text.

        :raises BadRecord: the upload is not UTF-8 text.
        """
        upload = self.upload.data
        if upload and upload.filename:
            try:
                return upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise BadRecord("The uploaded file is not UTF-8 text.") from None
        return self.record.data or ""
