"""A table's turn clock (``colt_tables.clock``: seconds per decision, null for none) and
whether its creator chose the seed (``colt_tables.seed_chosen``); the tables made before
have neither.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("colt_tables", sa.Column("clock", sa.Integer, nullable=True))
    op.add_column(
        "colt_tables",
        sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_colt_tables_created", "colt_tables", ["created"])


def downgrade() -> None:
    op.drop_index("ix_colt_tables_created", "colt_tables")
    with op.batch_alter_table("colt_tables") as batch:
        batch.drop_column("seed_chosen")
        batch.drop_column("clock")
