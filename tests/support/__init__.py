"""What the test modules share: hostile doubles, input builders, diagnostic summaries.

No test module imports another test module; what two of them need lives here.
"""
