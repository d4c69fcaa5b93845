"""Player names on seats, the host's seat on tables.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("colt_seats", sa.Column("name", sa.String(80), nullable=True))
    op.add_column("colt_tables", sa.Column("host_seat", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("colt_tables") as batch:
        batch.drop_column("host_seat")
    with op.batch_alter_table("colt_seats") as batch:
        batch.drop_column("name")
