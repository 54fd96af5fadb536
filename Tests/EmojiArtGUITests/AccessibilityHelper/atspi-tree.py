#!/usr/bin/python3
"""Reads a running app's accessible tree through AT-SPI, as Orca does (SPEC A2), for the GUI
tests (Support/AccessibleTree.swift). Debian's python3-pyatspi; run with the session bus the app
uses (DBUS_SESSION_BUS_ADDRESS), on which at-spi-bus-launcher serves the accessibility bus.

    atspi-tree.py tree PID                      the tree of the application with that pid, as JSON
    atspi-tree.py act PID ROLE NAME ACTION      performs ACTION on the first node (depth first)
                                                with that role and name; prints what it did
    atspi-tree.py set-text PID ROLE NAME TEXT   replaces the text of the first editable node with
                                                that role and name (any script, no keyboard needed)

JSON nodes: {"role", "name", "description", "frame": [x, y, width, height] or null, "actions": [...],
"states": [...], "children": [...]}; frames are in the window's coordinates.
Exit status 2 when the application is not (yet) on the accessibility bus, or no node matches.
"""
import json
import sys

import pyatspi


def application(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:
            continue
    return None


def actions(node):
    try:
        action = node.queryAction()
    except NotImplementedError:
        return []
    names = []
    for index in range(action.nActions):
        # An insensitive menu item counts its action but refuses to name it (GTK 4.8).
        try:
            names.append(action.getName(index))
        except Exception:
            pass
    return names


# "focused", "showing"…: pyatspi's STATE_ constants by value, since str() of the states that
# getStates() returns is an enum's repr ("<enum ATSPI_FOCUSED of type Atspi.StateType>").
STATE_NAMES = {int(getattr(pyatspi, name)): name[len("STATE_"):].lower()
               for name in dir(pyatspi) if name.startswith("STATE_") and name[6:].isupper()
               and isinstance(getattr(pyatspi, name), int)}


def state_name(state):
    return STATE_NAMES.get(int(state), str(state).lower())


def frame(node):
    """[x, y, width, height] in the window's coordinates (GTK 4 knows no screen ones), or None."""
    try:
        extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    except Exception:
        return None
    return [extents.x, extents.y, extents.width, extents.height]


def describe(node, depth=0):
    children = []
    # Deep enough for any of our windows; a cycle (which AT-SPI should never report) cannot hang.
    if depth < 60:
        for index in range(node.childCount):
            child = node.getChildAtIndex(index)
            if child is not None:
                children.append(describe(child, depth + 1))
    states = node.getState().getStates()
    return {
        "frame": frame(node),
        "role": node.getRoleName(),
        "name": node.name or "",
        "description": node.description or "",
        "actions": actions(node),
        "states": sorted(state_name(state) for state in states),
        "children": children,
    }


def find(node, role, name, action=None, depth=0):
    """The first node (depth first) with this role and name, and this action when one is given."""
    if node.getRoleName() == role and (node.name or "") == name and (action is None or action in actions(node)):
        return node
    if depth >= 60:
        return None
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            found = find(child, role, name, action, depth + 1)
            if found is not None:
                return found
    return None


def main():
    command, pid = sys.argv[1], int(sys.argv[2])
    app = application(pid)
    if app is None:
        print(f"no application with pid {pid} on the accessibility bus", file=sys.stderr)
        sys.exit(2)
    if command == "tree":
        json.dump(describe(app), sys.stdout, ensure_ascii=False)
    elif command == "act":
        role, name, action = sys.argv[3], sys.argv[4], sys.argv[5]
        node = find(app, role, name, action)
        if node is None:
            print(f"no {role} named “{name}” with the action “{action}”", file=sys.stderr)
            sys.exit(2)
        interface = node.queryAction()
        index = [interface.getName(i) for i in range(interface.nActions)].index(action)
        if not interface.doAction(index):
            print(f"the {role} “{name}” refused “{action}”", file=sys.stderr)
            sys.exit(1)
        print(json.dumps({"done": action, "role": role, "name": name}, ensure_ascii=False))
    elif command == "set-text":
        role, name, text = sys.argv[3], sys.argv[4], sys.argv[5]
        node = find(app, role, name)
        if node is None:
            print(f"no {role} named “{name}”", file=sys.stderr)
            sys.exit(2)
        if not node.queryEditableText().setTextContents(text):
            print(f"the {role} “{name}” refused the text", file=sys.stderr)
            sys.exit(1)
        print(json.dumps({"done": "set-text", "role": role, "name": name}, ensure_ascii=False))
    else:
        print(f"unknown command {command}", file=sys.stderr)
        sys.exit(64)


if __name__ == "__main__":
    main()
