"""The rules site, generated from checked models: English, board pictures, pages, lexer, reference.

    from rulespec.docs.site import build_site, write_site_docs   # the whole site
    from rulespec.docs.site import write_standalone               # one rule file on its own
"""
