"""The turn clock's reserve (``colt_tables.reserve``: seconds each person may draw on once a
decision's own time ran out, null for none) and what each seat has used of it and how many
times its time ran out (``colt_seats.reserve_used``, ``colt_seats.timeouts``); the tables
made before have no reserve.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("colt_tables", sa.Column("reserve", sa.Integer, nullable=True))
    op.add_column(
        "colt_seats",
        sa.Column("reserve_used", sa.Float, nullable=False, server_default=sa.text("0")),
    )
    op.add_column(
        "colt_seats",
        sa.Column("timeouts", sa.Integer, nullable=False, server_default=sa.text("0")),
    )


def downgrade() -> None:
    with op.batch_alter_table("colt_seats") as batch:
        batch.drop_column("timeouts")
        batch.drop_column("reserve_used")
    with op.batch_alter_table("colt_tables") as batch:
        batch.drop_column("reserve")
