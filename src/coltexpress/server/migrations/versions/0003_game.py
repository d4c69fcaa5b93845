"""The game a table plays (``colt_tables.game``): Colt Express for the tables made before.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "colt_tables",
        sa.Column("game", sa.String(32), nullable=False, server_default="colt-express"),
    )


def downgrade() -> None:
    with op.batch_alter_table("colt_tables") as batch:
        batch.drop_column("game")
