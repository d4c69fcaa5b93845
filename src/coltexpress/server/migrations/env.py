"""Alembic environment: the server passes its engine in ``config.attributes``."""

from __future__ import annotations

from alembic import context

from coltexpress.server.storage import metadata


def run_migrations() -> None:
    engine = context.config.attributes["engine"]
    with engine.begin() as connection:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()


# Alembic runs this file inside its migration context; a plain import (doctest collection)
# finds no context and does nothing.
if hasattr(context, "config"):
    run_migrations()
