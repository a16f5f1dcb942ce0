#!/usr/bin/env python3
"""Regenerates tests/data/discord-openapi.json from Discord's full OpenAPI document.

Keeps only the routes the fake Discord (tests/discord/fake_discord/mod.rs) serves, with the
methods it serves, and every component (schema, response, header) those operations reach
through `$ref`, directly or through other components. The fake validates each request body
against this document (tests/discord/fake_discord/validate.rs).

Usage: python3 tests/data/reduce_openapi.py PATH/TO/openapi.json > tests/data/discord-openapi.json
(the source is `discord/openapi.json` in the project's shared folder; see tests/data/README.md).
When the fake learns a new route, add it to SERVED and rerun.
"""

import json
import sys

# (method, path template) for every arm of the fake's `rest` handler.
SERVED = [
    ("get", "/gateway"),
    ("get", "/gateway/bot"),
    ("get", "/users/@me"),
    ("get", "/oauth2/applications/@me"),
    ("put", "/applications/{application_id}/commands"),
    ("put", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("post", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("get", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("delete", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("post", "/webhooks/{webhook_id}/{webhook_token}"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("delete", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("post", "/channels/{channel_id}/messages"),
    ("patch", "/channels/{channel_id}/messages/{message_id}"),
    ("delete", "/channels/{channel_id}/messages/{message_id}"),
    ("post", "/channels/{channel_id}/messages/{message_id}/threads"),
    ("post", "/channels/{channel_id}/threads"),
    ("get", "/channels/{channel_id}"),
    ("get", "/guilds/{guild_id}"),
    ("get", "/applications/{application_id}/emojis"),
    ("post", "/applications/{application_id}/emojis"),
    ("get", "/applications/{application_id}/emojis/{emoji_id}"),
    ("patch", "/applications/{application_id}/emojis/{emoji_id}"),
    ("delete", "/applications/{application_id}/emojis/{emoji_id}"),
]


def refs(value, out):
    if isinstance(value, dict):
        ref = value.get("$ref")
        if isinstance(ref, str):
            out.append(ref)
        for v in value.values():
            refs(v, out)
    elif isinstance(value, list):
        for v in value:
            refs(v, out)


def reduce(full):
    paths = {}
    for method, template in SERVED:
        item = full["paths"].get(template)
        if item is None or method not in item:
            sys.exit(f"{method.upper()} {template} is not in the source document")
        kept = paths.setdefault(template, {})
        if "parameters" in item:
            kept["parameters"] = item["parameters"]
        kept[method] = item[method]

    components = {}
    todo = []
    refs(paths, todo)
    while todo:
        ref = todo.pop()
        if not ref.startswith("#/components/"):
            sys.exit(f"unexpected $ref {ref}")
        kind, name = ref[len("#/components/"):].split("/", 1)
        slot = components.setdefault(kind, {})
        if name in slot:
            continue
        target = full["components"][kind][name]
        slot[name] = target
        refs(target, todo)
    if "securitySchemes" in full["components"]:
        components["securitySchemes"] = full["components"]["securitySchemes"]

    out = {k: v for k, v in full.items() if k not in ("paths", "components")}
    out["paths"] = {k: paths[k] for k in sorted(paths)}
    out["components"] = {
        kind: {name: components[kind][name] for name in sorted(components[kind])}
        for kind in sorted(components)
    }
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        full = json.load(f)
    json.dump(reduce(full), sys.stdout, indent=1, ensure_ascii=False, sort_keys=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
