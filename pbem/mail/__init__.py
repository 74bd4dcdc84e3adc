"""Mail: the transactional outbox, composing notifications, delivery, and inbound replies."""
