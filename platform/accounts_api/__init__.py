"""The HTTP API of accounts: /api/auth (log in and out, who am I with the menu the route table allows,
profile, password, avatar) and /api/members (a tenant's members). It sits above `access`, whose
guards and route table it uses; `accounts` itself (identities, memberships, sessions) sits below.
"""
