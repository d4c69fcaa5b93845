"""A seat's own secret (``colt_seats.secret_hash``): made when its player first says hello
with the invite, after which the invite no longer opens the seat; null for a seat nobody
has claimed (and for the seats of tables made before, until their next hello).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("colt_seats", sa.Column("secret_hash", sa.String(64), nullable=True))
    op.create_index("ix_colt_seats_secret_hash", "colt_seats", ["secret_hash"])


def downgrade() -> None:
    op.drop_index("ix_colt_seats_secret_hash", "colt_seats")
    with op.batch_alter_table("colt_seats") as batch:
        batch.drop_column("secret_hash")
