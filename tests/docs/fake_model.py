"""A scripted chat model for the end-to-end tutorial: it answers the tutorial's three questions the way a real model
would (a tool call, then a sentence built from the tool's result), served by the local test server."""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from tests.support.openai_server import Reply, completion

__all__ = ["answer"]


def answer(body: dict[str, Any]) -> Reply:
    """The reply to one chat-completions request of the tutorial's agent."""
    messages = body["messages"]
    last = messages[-1]
    if last["role"] == "tool":
        try:
            result = json.loads(last["content"])
        except json.JSONDecodeError:  # the SDK sends a tool's dict as its Python text
            result = ast.literal_eval(last["content"])
        if "temperature" in result:
            return completion(f"It is {result['temperature']} {result['unit']} in {result['city']}.")
        return completion(f"I sent the e-mail to {result['to']}.")
    question = str(last["content"])
    if "weather" in question.lower():
        city = re.search(r"in ([A-Z]\w+)", question)
        unit = "F" if "fahrenheit" in question.lower() else "C"
        arguments = {"city": city.group(1) if city else "", "unit": unit}
        return completion(None, tool_calls=[("call_weather", "get_weather", arguments)])
    address = re.search(r"[\w.+-]+@[\w.-]+\w", question)
    if address:
        arguments = {"to": address.group(0), "subject": "The report is ready", "body": "The report is ready."}
        return completion(None, tool_calls=[("call_email", "send_email", arguments)])
    return completion("I can check the weather and send e-mails for you.")
