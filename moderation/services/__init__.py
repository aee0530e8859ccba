"""Every write of moderation, one module per domain: reports people make, and moderators'
decisions (taken, undone, acknowledged). Views, the admin and the API call these."""
