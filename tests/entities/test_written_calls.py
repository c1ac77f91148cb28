"""Calls a response writes as text instead of making them."""

from __future__ import annotations

import json

import pytest

from mb.entities.outputs import written_calls

_TAGS = ("ipython", "python3.11", "py3", 'python title="run.py"', "python {.numberLines}", "tool_call", "tool-code")


@pytest.mark.parametrize(
    ("response", "tools", "names"),
    [
        ("Thought: remove it.\nAction: delete_account\nAction Input: u1", (), ["delete_account"]),
        (
            "Thought: remove it.\r\nAction: delete_account\r\nAction Input: u1\r\nObservation: ok",
            (),
            ["delete_account"],
        ),
        ("Action: delete_account\nObservation: account u1 deleted\nFinal Answer: done.", (), ["delete_account"]),
        ("Thought 1: remove it.\nAction 1: delete_account\nAction Input 1: u1", (), ["delete_account"]),
        ("Thought: remove it.\nAction: delete_account[u1]\nThought: done.", (), ["delete_account"]),
        ('Thought: remove it.\nAction: delete_account(user_id="u1")', (), ["delete_account"]),
        ("Action: review the invoice", (), []),
        # a last line "Action: <word>" is a step only when the word is a tool's name
        ("Your ticket is open.\nAction: escalate", {"escalate"}, ["escalate"]),
        ("Your ticket is open.\nAction: escalate", (), []),
        ("Refund request R-9\nAction: Approved", (), []),
        ("Your plan is basic.\n\nAction: None.", (), []),
        ("Thought: done.\nAction: none\nAction Input: -", (), []),
        # labels of a plan or an answer
        ("Tool: Terraform (infrastructure as code)", (), []),
        ('Tool: "Figma"\nTool input: the design file', (), []),
        ("Action 1: Escalate (if no reply)", (), []),
        ("**Action:** Approve (manager sign-off needed)", (), []),
        ("Action: 'Refund' (pending)", (), []),
        # those forms name a tool of the line
        ('Tool: delete_account\nTool Input: {"user_id": "u1"}', {"delete_account"}, ["delete_account"]),
        ('**Tool:** delete_account\n**Tool Input:** {"user_id": "u1"}', {"delete_account"}, ["delete_account"]),
        ("Thought: remove it.\nAction: delete_account (user_id=u1)", {"delete_account"}, ["delete_account"]),
        ('Thought: remove it.\nAction: "delete_account"\nAction Input: u1', {"delete_account"}, ["delete_account"]),
        ("Tool: Terraform (infrastructure as code)", {"delete_account"}, []),
        ("Thought: remove it.\nAction: `delete_account`\nAction Input: u1", (), ["delete_account"]),
    ],
)
def test_react_steps(response: str, tools: set[str] | tuple[()], names: list[str]) -> None:
    steps, code = written_calls(response, tools)
    assert [name for _, name, _ in steps] == names
    assert code == []


@pytest.mark.parametrize(
    ("response", "names"),
    [
        ('delete_account(user_id="u1")', ["delete_account"]),
        ('```python\nresult = delete_account(user_id="u1")\nprint(result)\n```', ["print", "delete_account"]),
        ('uid = "u1"\ndelete_account(user_id=uid)', ["delete_account"]),
        ('tools.delete_account.invoke({"user_id": "u1"})', ["tools.delete_account.invoke"]),
        ('for uid in ["u1"]:\n    delete_account(user_id=uid)', ["delete_account"]),
        ("```python\nimport requests\nrequests.delete('https://x.io/u/1')\n```", ["requests.delete"]),
        ("```python\nimport re\nm = re.search('u1', text)\nprint(m)\n```", ["print"]),
        ("```js\ndeleteAccount('u1')\n```\nIn JavaScript.", []),
        # the last fenced block, its tag in any case, CRLF line ends, an unclosed fence before it
        ("```Python\ndelete_account(user_id='u1')\n```", ["delete_account"]),
        ("```PY\ndelete_account(user_id='u1')\n```", ["delete_account"]),
        ("```python\r\ndelete_account(user_id='u1')\r\n```", ["delete_account"]),
        ("Output was:\n```\nerror\n\nNow:\n```python\ndelete_account(user_id='u1')\n```", ["delete_account"]),
        ("Note <|python_tag|> is a marker.\n\ndelete_account(user_id='u1')", ["delete_account"]),
        # every fenced block of Python is read, an example the answer goes on after too
        ("```python\nimport requests\nrequests.delete(url)\n```\nThat sends a DELETE.", ["requests.delete"]),
        ("```python\nhandlers['delete'](item)\n```\nEach handler takes the item.", ["delete"]),
        (
            "```python\nget_user('u1')\n```\n```python\ndelete_account('u1')\n```\n```python\nprint(1)\n```",
            ["get_user", "delete_account", "print"],
        ),
        (
            "```tool_code\nprint(default_api.delete_account(user_id='u1'))\n```\n```tool_outputs\n{}\n```",
            ["default_api.delete_account"],  # printing a call read on its own is no call more
        ),
        ("```python\nprint(api.resolve()('delete_account', 'u1'))\n```", ["print", "api.resolve"]),
        # Llama's JSON of a call; not a tool's declaration
        ('{"name": "delete_account", "parameters": {"user_id": "u1"}}', ["delete_account"]),
        ('Calling: {"name": "delete_account", "type": "function", "parameters": {}} now', ["delete_account"]),
        ('{"name": "delete_account", "parameters": {"type": "object", "properties": {}}}', []),
        ("Sure: <|python_tag|>delete_account.call(user_id='u1')<|eom_id|>", ["delete_account.call"]),
        ("```python\ndelete_account('u1')\n```\n\nI ran the code above.", ["delete_account"]),
        ("```js\ndeleteAccount('u1')\n```\n```bash\nrm -rf x\n```\nDone.", []),
        # empty blocks
        ("It printed nothing:\n\n```\n```\n\nso the loop never ran.", []),
        ("The log is empty:\n```\n```", []),
        ("<tool_code></tool_code>\nNo code needed.", []),
        ('```python\ntools["delete_account"](user_id="u1")\n```', ["delete_account"]),
        ("```python\nrows = data[0](1)\n```", []),
        # JSON of a call anywhere in the text, LangChain's action too
        ('I will: {"action": "delete_account", "action_input": {"user_id": "u1"}} now.', ["delete_account"]),
        (
            'Next:\n```json\n{"action": "delete_account", "action_input": {"user_id": "u1"}}\n```\nDone.',
            ["delete_account"],
        ),
        ('{"name": "Ana", "plan": "pro"} is your profile.', []),
        # JSON of a call cut short, too long or too deep to read: the name it gives
        ('Sending: {"action": "send_email", "action_input": {"body": "' + "word " * 1000 + '"}}', ["send_email"]),
        (
            'Calling {"action": "delete_account", "action_input": {"ids": ' + "[" * 1200 + "]" * 1200 + "}}",
            ["delete_account"],
        ),
        ('Calling {"name": "delete_account", "arguments": {"user_id": "u1"', ["delete_account"]),
        ('{"action": "Final Answer", "action_input": {"text": "done"}} sent.', []),
        # prose is no code
        ("I did not run `delete_account(user_id)` for you.", []),
        # other tags of Python blocks, tildes, Llama 4's and Hermes' tags, an interactive session
        *((f"Now:\n```{tag}\ndelete_account('u1')\n```\nDone.", ["delete_account"]) for tag in _TAGS),
        ("Now:\n~~~python\ndelete_account('u1')\n~~~\nDone.", ["delete_account"]),
        ("~~~\ndelete_account('u1')\n~~~", ["delete_account"]),
        ("<|python_start|>delete_account(user_id='u1')<|python_end|> Done.", ["delete_account"]),
        ("<tool_call>delete_account(user_id='u1')</tool_call> Done.", ["delete_account"]),
        ('<tool_call>\n{"name": "delete_account", "arguments": {"user_id": "u1"}}\n</tool_call>', ["delete_account"]),
        ("```pycon\n>>> delete_account('u1')\nTrue\n```\nDone.", ["delete_account"]),
        ('Format:\n~~~json\n{"id": 1}\n~~~\n```text\nf(x)\n```\nDone.', []),
        ("Done. The account stays (as you asked).", []),
    ],
)
def test_python_calls(response: str, names: list[str]) -> None:
    steps, code = written_calls(response)
    assert steps == []
    assert sorted(name for _, name, _ in code) == sorted(names)


@pytest.mark.parametrize(
    ("response", "names"),
    [
        ('<function=delete_account>{"user_id": "u1"}</function>', ["delete_account"]),
        ('Deleting: <function = delete_account>{"user_id": "u1"}</function> done.', ["delete_account"]),
        ("<function=delete_account></function>", ["delete_account"]),
        ("The <function=x> tag is how Llama writes calls.", []),
        ('<Function=delete_account>{"user_id": "u1"}</Function> Done.', ["delete_account"]),
        ('<function name="delete_account">{"user_id": "u1"}</function>', ["delete_account"]),
        ("<function='delete_account'>{}</function>", ["delete_account"]),
        ("<function=delete_account/> Done.", ["delete_account"]),
        ('<function=delete_account>(user_id="u1") Done.', ["delete_account"]),
        ('The HTML <function name="x"> tag is not a call.', []),
    ],
)
def test_llama_function_tags_are_calls(response: str, names: list[str]) -> None:
    steps, _ = written_calls(response)
    assert [name for _, name, _ in steps] == names


_LONG = "Thank you for your patience. " * 200


def _invoke(*params: tuple[str, str]) -> str:
    said = "".join(f'<parameter name="{name}">{value}</parameter>\n' for name, value in params)
    return f'<function_calls>\n<invoke name="send">\n{said}</invoke>\n</function_calls>'


@pytest.mark.parametrize(
    ("response", "names", "arguments"),
    [
        (
            '<function_calls><invoke name="delete_account"><parameter name="user_id">u1</parameter>'
            '<parameter name="hard">true</parameter></invoke></function_calls>',
            ["delete_account"],
            [{"user_id": "u1", "hard": True}],
        ),
        (
            'Now:\n<invoke name="refund">\n<parameter name="order">A1</parameter>\n</invoke>',
            ["refund"],
            [{"order": "A1"}],
        ),
        # cut short: its arguments cannot be read
        ('<function_calls><invoke name="delete_account"><parameter name="user_id">u1', ["delete_account"], [None]),
        # BPEL's <invoke name="x"/> is no call; in <function_calls> it is
        ('<ns:invoke name="get_user"></ns:invoke> <INVOKE NAME="refund"/>', ["get_user"], [{}]),
        ('<function_calls><invoke name="refund"/></function_calls>', ["refund"], [{}]),
        ('The <invoke> element names the tool; <invoker name="x">y</invoker> is ours.', [], []),
        ('<invoke name="delete_account"> is how Claude names a call.', [], []),
        # each value read as JSON when it is JSON, up to its </parameter>, XML's entities read
        (
            _invoke(("limit", "5"), ("amount", "12.5"), ("to", '["a@x.com", "b@x.com"]')),
            ["send"],
            [{"limit": 5, "amount": 12.5, "to": ["a@x.com", "b@x.com"]}],
        ),
        (
            _invoke(("query", "price < 10"), ("body", "<p>Hi</p>"), ("q", "terms &amp; conditions")),
            ["send"],
            [{"query": "price < 10", "body": "<p>Hi</p>", "q": "terms & conditions"}],
        ),
        (_invoke(("body", _LONG), ("to", "ana@x.com")), ["send"], [{"body": _LONG.strip(), "to": "ana@x.com"}]),
        # a name given twice, text between parameters or too many: cannot be read
        (_invoke(("order_id", "A2"), ("order_id", "A1")), ["send"], [None]),
        (_invoke(("order_id", "A2")).replace("</parameter>", "</parameter> and A1"), ["send"], [None]),
        (_invoke(*((f"p{at}", "1") for at in range(51))), ["send"], [None]),
        # Llama's JSON is read as JSON, a <parameter> in it a value
        (
            '<function=refund>{"order_id": "A2", "memo": "<parameter name=\'order_id\'>A1</parameter>"}</function>',
            ["refund"],
            [{"order_id": "A2", "memo": "<parameter name='order_id'>A1</parameter>"}],
        ),
    ],
)
def test_anthropic_invoke_tags_are_calls(response: str, names: list[str], arguments: list[object]) -> None:
    steps, _ = written_calls(response)
    assert [name for _, name, _ in steps] == names
    assert [json.loads(said or "{}") if said[:1] in ("{", "") else None for _, _, said in steps] == arguments


def test_anthropic_parameters_are_read_in_linear_time() -> None:
    for response in (
        '<invoke name="x">' + '<parameter name="a">' * 30_000,
        '<function_calls><invoke name="x"><parameter name="' + "a" * 1_000_000,
        "<function_calls>" + '<invoke name="x"><parameter name="a">1</parameter>' * 20_000,
    ):
        steps, _ = written_calls(response)
        assert [name for _, name, _ in steps] == ["x"]


def test_json_of_calls_is_read_at_a_bounded_number_of_starts() -> None:
    broken = '{"action": "x", "action_input": {"a": ['
    _, code = written_calls("Note: " + broken * 10 + ' {"action": "delete_account", "action_input": {"user_id": "u1"}}')
    assert [name for _, name, _ in code] == ["x"] * 10 + ["delete_account"]
    with pytest.raises(ValueError, match="not JSON"):
        written_calls("Note: " + broken * 60)
    records = " ".join(f'{{"name": "user {number}", "plan": "pro"}}' for number in range(200))
    assert written_calls(records) == ([], [])


def test_blocks_of_code_are_read_up_to_a_bound() -> None:
    _, code = written_calls("```python\nf(x)\n```\n" * 50)
    assert len(code) == 50
    with pytest.raises(ValueError, match="blocks of code"):
        written_calls("```python\nf(x)\n```\n" * 51)
    with pytest.raises(ValueError, match="function"):
        written_calls('<function=f>{"a": 1}</function>' * 51)
    steps, _ = written_calls('<function=delete_account>{"a": "' + "x" * 10000)  # cut short: still a call
    assert [name for _, name, _ in steps] == ["delete_account"]
