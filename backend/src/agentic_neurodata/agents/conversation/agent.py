"""Conversation agent: the only agent that talks to the user; it drives the workflow.

upload -> detect (ask to choose when several formats fit) -> ask missing required metadata
(at most two rounds, declines remembered, minimal mode honoured) -> convert -> evaluate ->
PASSED: done | PASSED_WITH_ISSUES: improve or accept | FAILED: approve a correction or decline.
A correction applies the automatic fixes, asks for the values only the user knows, converts a
new version and evaluates it again, for as many rounds as the user wants; a round that changes
nothing is called out and the user chooses how to go on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...contracts import AgentName, conversion, evaluation
from ...contracts import conversation as contract
from ...contracts.conversation import ActionReply, UserInputReply
from ...domain import (
    CorrectionAttempt,
    DetectionResult,
    FieldRequest,
    OverallStatus,
    PendingRequest,
    PendingRequestType,
    RequestOption,
    ValidationResult,
    ValueConfirmation,
    ValueSource,
    VersionOrigin,
)
from ...errors import BadInputError, InvalidStateError, ServiceError, WorkflowCancelled
from ...llm import LLMService, wording
from ...metadata.fields import get_field
from ...metadata.object_fields import split_key
from ...metadata.parsed import IntentKind
from ...router import Agent, NoParams, handles
from ...state import Failure, GlobalState, LogLevel, ValidationStatus, WorkflowStatus
from . import answers, ending, file_changes, intake, planning, summary

COMPONENT = AgentName.CONVERSATION
APPROVALS = (PendingRequestType.RETRY_APPROVAL, PendingRequestType.IMPROVEMENT_APPROVAL)

# What a pending request is for, when its type alone does not say it.
FORMAT_ARGUMENTS = "format_arguments"
CORRECTION_VALUES = "correction_values"
NO_PROGRESS = "no_progress"
ESSENTIAL_VALUE = "essential_value"  # the one value no conversion can go without

ACCEPT, CHANGE_APPROACH, STOP = "accept_as_is", "change_approach", "stop"


class ConversationAgent(Agent):
    name = COMPONENT
    description = "Talks with the user, collects metadata, and runs the user-approved correction loop."

    # ================================================================== actions

    @handles(contract.START_CONVERSION)
    def start_conversion(self, params: contract.StartConversionParams) -> ActionReply:
        input_path, forced_format = params.input_path, params.forced_format
        checked = intake.check_values(dict(params.metadata or {}))
        if checked.accepted or checked.confirmations:
            self.store.update(
                COMPONENT,
                "Metadata received with the upload: " + ", ".join(sorted(checked.accepted) or ["(to confirm)"]),
                metadata=checked.accepted,
                metadata_sources=dict.fromkeys(checked.accepted, ValueSource.FORM),
                confirmations=checked.confirmations,
            )
        if checked.notes or checked.rejected:
            self._say(" ".join(checked.notes + [f"Not used, {name}: {why}" for name, why in checked.rejected.items()]))
        self._in_background(lambda: self._detect(input_path, forced_format, checked.rejected), "start_conversion")
        return ActionReply(status=self.store.status.value, message="Conversion started.", next_action="processing")

    @handles(contract.HANDLE_USER_INPUT)
    def handle_user_input(self, params: contract.UserInputParams) -> UserInputReply:
        message, skip = params.message, params.skip
        given = dict(params.fields or {})
        if params.field_name:
            given[params.field_name] = params.value
        state = self.store.snapshot()
        pending = state.pending_request
        if state.status != WorkflowStatus.AWAITING_USER_INPUT or pending is None:
            raise InvalidStateError(
                "The service is not waiting for an answer right now.",
                component=COMPONENT,
                details={"status": state.status.value},
            )
        if not (message or given or skip):
            raise BadInputError(
                'Send an answer: {"message": "free text"}, {"fields": {"age": "P90D"}} or {"skip": ["age"]}.',
                component=COMPONENT,
            )
        self.store.add_chat_turn("user", message or _describe_fields(given, skip))
        if pending.type == PendingRequestType.FORMAT_SELECTION:
            return self._answer_format_choice(pending, given.get("format") or message)
        if pending.type in APPROVALS or pending.purpose == NO_PROGRESS:
            return self._answer_by_words(pending, message or str(given.get("choice", "")))
        return self._answer_values(state, pending, message, given, skip)

    @handles(contract.HANDLE_VALIDATION_RESULT)
    def handle_validation_result(self, params: contract.ValidationResultParams) -> ActionReply:
        return self._after_evaluation(params.validation_result)

    def _after_evaluation(self, result: ValidationResult) -> ActionReply:
        state = self.store.snapshot()
        history = state.correction_history
        if history and history[-1].issues_after is None:
            self._record_round(history, result)
        if result.version is not None and all(v.version != result.version for v in state.versions):
            # It enters the session with its checksum (computed during the evaluation), before the report
            # that lists the streams it was written from.
            self.call(conversion.FINISH_VERSION, version=result.version)
        if result.overall_status == OverallStatus.PASSED:  # nothing to decide: its report is the final one
            improved = state.correction_attempt > 0
            return self._finish(
                WorkflowStatus.COMPLETED,
                ValidationStatus.PASSED_IMPROVED if improved else ValidationStatus.PASSED,
                "Perfect! No issues found." + (" The corrections worked." if improved else ""),
            )
        if result.overall_status == OverallStatus.PASSED_WITH_ISSUES and state.accept_warnings:
            # Kept as it is, as the user said before converting: no decision to wait for, one report.
            return self._finish(
                WorkflowStatus.COMPLETED, ValidationStatus.PASSED_ACCEPTED, "{ending}. The report lists what remains."
            )
        self._write_report()  # to read while deciding; rewritten with the ending once the user decided
        if history and planning.made_no_progress(history[-1]):
            return self._offer_ways_out(result, state.correction_attempt)
        return self._propose(result, state.correction_attempt)

    @handles(contract.HANDLE_CORRECTION)
    def handle_correction(self, params: contract.CorrectionDecisionParams) -> ActionReply:
        return self._decide(params.approved, params.accept_as_is)

    def _decide(self, approved: bool, accept_as_is: bool, given: frozenset[str] = frozenset()) -> ActionReply:
        """`given`: fields whose values came with the approval; the correction does not ask for them."""
        state = self.store.snapshot()
        pending = state.pending_request
        if approved and _can_try_again(state):
            return self._try_again(state)
        if (
            state.status != WorkflowStatus.AWAITING_USER_INPUT
            or pending is None
            or pending.type not in (*APPROVALS, PendingRequestType.USER_INPUT, PendingRequestType.METADATA)
        ):
            raise InvalidStateError(
                "There is no proposal waiting for a decision.",
                component=COMPONENT,
                details={"status": state.status.value},
            )
        if pending.purpose == NO_PROGRESS:
            choice = ACCEPT if accept_as_is else (CHANGE_APPROACH if approved else STOP)
            return self._take_way_out(state, choice)
        if pending.type in (PendingRequestType.USER_INPUT, PendingRequestType.METADATA):
            if approved or accept_as_is:
                raise InvalidStateError(
                    "The service is waiting for values, not a decision: answer with "
                    "POST /api/user-input, or decline to stop.",
                    component=COMPONENT,
                )
            return self._abandon("You stopped while the service was waiting for your answer.")
        if accept_as_is:
            return self._accept()
        if not approved:
            if state.overall_status == OverallStatus.FAILED:
                return self._decline()
            return self._accept()
        if not any(o.value in ("approve", "improve") for o in pending.options):
            choices = " or ".join(o.label for o in pending.options)
            raise InvalidStateError(
                f"There is nothing more the service can change in this file; answer with {choices}.",
                component=COMPONENT,
                details={"options": [o.value for o in pending.options]},
            )
        return self._start_correction(state, given=given)

    @handles(contract.ACCEPT_AS_IS)
    def accept_as_is(self, params: NoParams) -> ActionReply:
        return self._accept()

    def _accept(self) -> ActionReply:
        state = self.store.snapshot()
        if state.overall_status == OverallStatus.FAILED:
            raise InvalidStateError(
                "A file that failed validation cannot be accepted as is; approve a correction or decline it.",
                component=COMPONENT,
            )
        if state.status != WorkflowStatus.AWAITING_USER_INPUT:
            raise InvalidStateError("There is no file waiting to be accepted.", component=COMPONENT)
        return self._finish(
            WorkflowStatus.COMPLETED,
            ValidationStatus.PASSED_ACCEPTED,
            "{ending}. The report lists what remains.",
        )

    @handles(contract.CANCEL)
    def cancel(self, params: NoParams) -> ActionReply:
        return self._back_to_idle()

    def _back_to_idle(self) -> ActionReply:
        self.store.set_status(
            WorkflowStatus.IDLE, COMPONENT, "Cancelled. Earlier versions stay downloadable.", conversation=[]
        )
        return ActionReply(status="idle", message="Cancelled.", next_action="upload")

    # ================================================================== detection and intake

    def _detect(self, input_path: str, forced_format: str | None, rejected: dict[str, str]) -> ActionReply:
        found = self.call(conversion.DETECT_FORMAT, input_path=input_path, forced_format=forced_format)
        return self._after_detection(found, rejected)

    def _after_detection(self, found: DetectionResult, rejected: dict[str, str]) -> ActionReply:
        """Ask which option when the detection needs a choice (again, when an answer leads to another
        question), else go on to the reader's own questions and the metadata."""
        if found.needs_choice:
            # The detector explains the question in plain words; a configured LLM may word it better.
            message = (
                wording.format_choice(self.llm, found.alternatives)
                if self.llm.is_remote or not found.explanation
                else found.explanation
            )
            options = [
                RequestOption(
                    value=c.choice_id or c.interface,
                    label=c.label or _option_label(c.interface, c.stream),
                    description=c.explanation,
                )
                for c in found.alternatives
            ]
            return self._ask(PendingRequest(type=PendingRequestType.FORMAT_SELECTION, message=message, options=options))
        self.store.log(LogLevel.INFO, COMPONENT, found.explanation or f"Using {found.interface}")
        return self._ask_format_arguments_or_continue(found, rejected)

    def _ask_format_arguments_or_continue(self, found: DetectionResult, rejected: dict[str, str]) -> ActionReply:
        unanswered = [q for q in found.questions if q.name not in found.source_data and not q.suggested]
        if unanswered:
            names = ", ".join(q.name.replace("_", " ") for q in unanswered)
            return self._ask(
                PendingRequest(
                    type=PendingRequestType.USER_INPUT,
                    purpose=FORMAT_ARGUMENTS,
                    fields=unanswered,
                    message=f"{found.interface} needs a few facts the files do not hold: {names}.",
                )
            )
        return self._collect_metadata(rejected)

    def _collect_metadata(self, rejected: dict[str, str] | None = None) -> ActionReply:
        state = self.store.snapshot()
        known = intake.effective_metadata(state.metadata, state.extracted_metadata)
        _, partial_from_files = intake.known_from_files(state.extracted_metadata)
        partial = {**partial_from_files, **state.partial_metadata}
        partial = {k: v for k, v in partial.items() if k not in state.metadata}
        if state.confirmations and not state.minimal_mode:
            first = state.confirmations[0]
            request = summary.confirmation_request(first, kept=state.metadata.get(first.field))
            return self._ask(request, partial_metadata=partial)
        essential = intake.cannot_convert_without(known)
        if essential and (
            state.minimal_mode
            or not intake.should_ask(known, state.declined_fields, state.metadata_rounds, state.minimal_mode)
        ):
            if partial.get(intake.START_TIME):
                message = (
                    f"I cannot convert without one value: the time zone of the start time the files give "
                    f"({partial[intake.START_TIME]}), e.g. EST, Europe/Paris or UTC."
                )
            else:
                message = (
                    "I cannot convert without one value: when the recording started, with its time zone "
                    "(e.g. 5 March 2024 2:30pm EST), since the files do not say it."
                )
            request = PendingRequest(
                type=PendingRequestType.METADATA,
                purpose=ESSENTIAL_VALUE,
                message=message,
                fields=intake.requests_for(
                    [s for s in intake.fields_to_ask(known, [], 2) if s.name in essential], partial, rejected or {}
                ),
            )
            return self._ask(request, partial_metadata=partial)
        if intake.should_ask(known, state.declined_fields, state.metadata_rounds, state.minimal_mode):
            round_number = state.metadata_rounds + 1
            specs = intake.fields_to_ask(known, state.declined_fields, round_number)
            message = wording.metadata_question(self.llm, specs, round_number=round_number, known=known)
            request = PendingRequest(
                type=PendingRequestType.METADATA,
                message=message,
                fields=intake.requests_for(specs, partial, rejected or {}),
            )
            return self._ask(request, metadata_rounds=round_number, partial_metadata=partial)
        if partial != state.partial_metadata:
            self.store.update(COMPONENT, "Partial values kept", level=LogLevel.DEBUG, partial_metadata=partial)
        if self._summary_due(state):
            names = summary.from_words(state.metadata, state.metadata_sources)
            return self._ask(summary.summary_request(state.metadata, names), summary_shown=True)
        self._say(self._said_before_converting())
        return self._convert_and_evaluate()

    def _summary_due(self, state: GlobalState) -> bool:
        """Values read from sentences are shown once before the first conversion, to confirm or edit."""
        return (
            not state.minimal_mode
            and not state.summary_shown
            and state.correction_attempt == 0
            and not state.versions
            and bool(summary.from_words(state.metadata, state.metadata_sources))
        )

    def _said_before_converting(self) -> str:
        """In minimal mode nothing is asked: what goes into the file, and the guesses left out, are said."""
        state = self.store.snapshot()
        parts = []
        names = summary.from_words(state.metadata, state.metadata_sources)
        if names and not state.summary_shown and state.correction_attempt == 0 and not state.versions:
            parts.append(summary.summary_text(state.metadata, names))
        if state.confirmations:
            parts.append(summary.guesses_left_out(state.confirmations))
        if parts:
            self.store.update(COMPONENT, "Said what goes into the file", summary_shown=True, confirmations=[])
        return " ".join(parts)

    # ================================================================== answers

    def _answer_format_choice(self, pending: PendingRequest, choice: Any) -> UserInputReply:
        option = answers.match_option(str(choice) if choice else None, pending.options)
        if option is None:
            allowed = [o.value for o in pending.options]
            raise BadInputError(
                f"Choose one of the offered formats: {', '.join(allowed)}.",
                component=COMPONENT,
                details={"options": allowed, "example": {"fields": {"format": allowed[0]}}},
            )
        found = self.call(conversion.COMPLETE_DETECTION, choice=option.value)
        self.store.set_status(WorkflowStatus.PROCESSING, COMPONENT, f"Format chosen: {option.label}")
        self._in_background(lambda: self._after_detection(found, {}), "format_chosen")
        return UserInputReply(
            reply=f"Using {option.label}.", accepted={"format": option.value}, next_action="processing"
        )

    def _answer_by_words(self, pending: PendingRequest, message: str) -> UserInputReply:
        """A yes/no/accept proposal, or the ways out of a stuck loop, answered in words."""
        option = answers.match_option(message, pending.options)
        intents = answers.read_intent(message, self.llm) if option is None else set()
        if option is None and (intents == {IntentKind.QUESTION} or answers.asks_about_the_choice(message)):
            # "what is an experiment description supposed to be?" at Improve / Accept: answered, still asked
            named = answers.fields_named(message)
            return self._ask_again(pending, _why_fields(pending, named) if named else _options_explained(pending))
        if pending.purpose == NO_PROGRESS:
            choice = (
                option.value
                if option
                else (
                    ACCEPT
                    if IntentKind.ACCEPT_AS_IS in intents
                    else STOP
                    if intents & {IntentKind.CANCEL, IntentKind.DECLINE}
                    else CHANGE_APPROACH
                    if IntentKind.APPROVE in intents
                    else None
                )
            )
            if choice is None:
                return self._not_understood(pending)
            outcome = self._take_way_out(self.store.snapshot(), choice)
        else:
            if option is not None:
                approved, accept = option.value in ("approve", "improve"), option.value == "accept"
            elif IntentKind.ACCEPT_AS_IS in intents:
                approved, accept = False, True
            elif IntentKind.APPROVE in intents:
                approved, accept = True, False
            elif intents & {IntentKind.DECLINE, IntentKind.CANCEL}:
                approved, accept = False, False
            elif (corrected := self._correct_with(pending, message)) is not None:
                return corrected
            else:
                return self._not_understood(pending)
            outcome = self._decide(approved, accept)
        return UserInputReply(reply=outcome.message, next_action=outcome.next_action or "processing")

    def _correct_with(self, pending: PendingRequest, message: str) -> UserInputReply | None:
        """Values given at a proposal ("the brain area is V1", "the ID should be m043"): a yes to the
        correction, with them. None when the message gives no value."""
        if not any(o.value in ("approve", "improve") for o in pending.options):
            return None
        state = self.store.snapshot()
        answer = self._read_for(state, pending, [q.name for q in self._plan(state).questions], message)
        if not answer.values:
            return None
        self.store.update(COMPONENT, _log_answer(answer), **_stored(state, answer))
        saved = wording.acknowledge(answer.parsed) if answer.parsed else _acknowledge_fields(answer)
        self._say(saved)  # before the round's questions, which leave out what the message just gave
        outcome = self._decide(approved=True, accept_as_is=False, given=frozenset(answer.values))
        state = self.store.snapshot()
        history = state.correction_history
        if history:  # the round's input: what makes it a new attempt, not the same one again
            history[-1].user_input.update(answer.values)
            self.store.update(COMPONENT, "Values given with the approval", correction_history=history)
        asking = state.pending_request
        if asking is None or asking.purpose != CORRECTION_VALUES:  # nothing to ask: converting again
            reply = f"{saved} {outcome.message or ''}".strip()
            return UserInputReply(reply=reply, accepted=answer.values, next_action=outcome.next_action or "processing")
        return UserInputReply(reply=f"{saved} {asking.message}", accepted=answer.values, next_action=asking.type.value)

    def _read_for(self, state: GlobalState, pending: PendingRequest, names: list[str], message: str) -> answers.Answer:
        """The message read as the answer to the named fields instead of those `pending` asked."""
        return answers.read_values(
            pending.model_copy(update={"fields": [FieldRequest(name=name) for name in names]}),
            message=message,
            fields=None,
            skip=None,
            partial=state.partial_metadata,
            llm=self.llm,
        )

    def _ask_again(self, pending: PendingRequest, why: str) -> UserInputReply:
        """A reply that said nothing usable ("hmm"): the same question again, nothing stored or dropped."""
        # the question alone, without what an earlier asking-again said before it
        question = pending.question if pending.question and pending.message.endswith(pending.question) else None
        question = question or pending.message
        reply = f"{why} {question}"
        self._ask(pending.model_copy(update={"message": reply, "question": question}))  # asking says it in the chat
        return UserInputReply(reply=reply, next_action=pending.type.value)

    def _not_understood(self, pending: PendingRequest) -> UserInputReply:
        choices = " / ".join(o.label for o in pending.options)
        reply = f"I did not understand your choice. Please answer with one of: {choices}."
        self._say(reply)
        return UserInputReply(reply=reply, next_action=pending.type.value)

    def _answer_values(
        self,
        state: GlobalState,
        pending: PendingRequest,
        message: str | None,
        given: dict[str, Any],
        skip: list[str] | None,
    ) -> UserInputReply:
        if pending.purpose == FORMAT_ARGUMENTS:
            return self._answer_format_arguments(state, pending, message, given)
        if pending.purpose in (summary.CONFIRM_VALUE, summary.CONFIRM_SUMMARY) and self._asks_meanwhile(message, given):
            # "what else do you need?" at "Did you mean ...?": answered, and the question stays
            named = answers.fields_named(message)
            return self._ask_again(pending, _why_fields(pending, named) if named else _still_needed(state, pending))
        if pending.purpose == summary.CONFIRM_VALUE:
            return self._answer_confirmation(state, pending, message, given, skip)
        if pending.purpose == summary.CONFIRM_SUMMARY:
            return self._answer_summary(state, pending, message, given, skip)
        answer = answers.read_values(
            pending, message=message, fields=given, skip=skip, partial=state.partial_metadata, llm=self.llm
        )
        if message:
            answers.replacements_asked_back(answer, state.metadata, [f.name for f in pending.fields], message)
        if answer.wants_to_stop:
            outcome = self._abandon("You asked to stop.")
            return UserInputReply(reply=outcome.message, next_action="done")
        if answer.asks_a_question:
            reply = _why_fields(pending, answers.fields_named(message))
            self._say(reply)
            return UserInputReply(reply=reply, rejected=answer.rejected, next_action=pending.type.value)
        if pending.purpose == ESSENTIAL_VALUE and not answer.values and _goes_without(answer, message, self.llm):
            # "go on without it" where nothing can go on: say why, in the same reply as the question
            return self._ask_again(pending, _CANNOT_GO_WITHOUT)
        if answers.says_nothing(message, given) and not (answer.values or answer.declined or answer.intents):
            # "yes that's all correct" at the correction's questions: one sentence, not one refusal per field
            return self._ask_again(pending, _NOTHING_READ)
        reply = wording.acknowledge(answer.parsed) if answer.parsed else _acknowledge_fields(answer)
        if answer.parsed and answer.parsed.source == "offline_fallback":
            reply = f"{answer.parsed.notes[0]} {reply}"  # the model failed: say so, with its error id
        self._log_discarded(answer)
        changes: dict[str, Any] = {
            **_stored(state, answer),
            "declined_fields": sorted(set(state.declined_fields) | set(answer.declined)),
            "partial_metadata": answer.partial,
        }
        if answer.wants_everything_skipped:
            changes["minimal_mode"] = True
        self.store.update(COMPONENT, _log_answer(answer), **changes)
        self._say(reply)
        if pending.purpose == CORRECTION_VALUES:
            next_action, follow = self._after_correction_values(pending, answer), ""
        else:
            next_action, follow = self._after_metadata_answer(answer)
        return UserInputReply(
            reply=f"{reply} {follow}".strip(), accepted=answer.values, rejected=answer.rejected, next_action=next_action
        )

    def _log_discarded(self, answer: answers.Answer) -> None:
        """A model's invented values are logged for whoever debugs the session, never shown to the person."""
        for line in answer.parsed.discarded if answer.parsed else []:
            self.store.log(LogLevel.INFO, COMPONENT, line)

    def _asks_meanwhile(self, message: str | None, given: dict[str, Any]) -> bool:
        """A question instead of the yes or no asked for; "yes?" or "P4M?" is still an answer."""
        if not message or given or len(message.split()) < 3:
            return False
        return answers.asks_about_the_choice(message) or answers.read_intent(message, self.llm) == {IntentKind.QUESTION}

    def _answer_confirmation(
        self,
        state: GlobalState,
        pending: PendingRequest,
        message: str | None,
        given: dict[str, Any],
        skip: list[str] | None,
    ) -> UserInputReply:
        """The answer to "Did you mean ...?": one of the readings, no, or the value in other words."""
        if not state.confirmations:
            return self._continue_intake(state, "Thank you.", {}, {})
        asked, rest = state.confirmations[0], state.confirmations[1:]
        option = answers.match_option(message, pending.options) if message and not given else None
        corrected = bool(message) and not given and answers.goes_on_after_no(message or "")
        if corrected and option is not None and option.value == summary.NO:
            option = None  # "no, it is a cynomolgus": a no, and the value meant; read below
        if option is None and message and not given and not corrected:
            intents = answers.read_intent(message, self.llm)
            option = (
                pending.options[0]
                if intents & {IntentKind.APPROVE, IntentKind.ACCEPT_AS_IS}
                else pending.options[-1]
                if intents & {IntentKind.DECLINE}
                else None
            )
        if option is None and answers.says_nothing(message, given):
            return self._ask_again(pending, "I did not catch a yes or a no.")
        label = summary.label(asked.field)
        if option is not None and option.value != summary.NO:
            chosen = next(
                (p for p in asked.proposals if summary.option_value(p.value) == option.value), asked.proposals[0]
            )
            answer = answers.Answer(values={asked.field: chosen.value, **chosen.extra})
            answer.sources = dict.fromkeys(answer.values, ValueSource.CONFIRMED)
            reply = f"Saved {label}: {summary.shown(chosen.value)}."
        elif (option is not None or (skip and not given and not message)) and asked.field in state.metadata:
            # a no to changing a value given before keeps that value
            answer = answers.Answer()
            reply = f"Kept the {label}: {summary.shown(state.metadata[asked.field])}."
        elif option is not None or (skip and not given and not message):
            answer = answers.Answer(declined=list(skip or []))
            reply = f"Left out the {label}" + (": you can give it later." if not skip else ".")
        else:
            # "change the sex to male" while the description is asked back: the other fields' values,
            # and the same question still waiting (its field named too: the answer to it)
            named = answers.fields_named(message) if message and not given else []
            others = [name for name in named if name != asked.field and asked.field not in named]
            if not others and message and not given and asked.field in _DESCRIPTIONS and len(message.split()) <= 6:
                # "wait, actually it was male" at "Did you mean '...' as the session description?": a short
                # reply giving another field's value is that edit, not the description
                others = [name for name in self._read_for(state, pending, [], message).values if name != asked.field]
            request = pending.model_copy(update={"fields": [FieldRequest(name=n) for n in others or [asked.field]]})
            answer = answers.read_values(
                request, message=message, fields=given, skip=skip, partial=state.partial_metadata, llm=self.llm
            )
            if not (others or answer.values or given) and message and state.partial_metadata:
                # "Pacific" at "Did you mean 'Allen Institute'?" answers the zone asked just before it
                completed = self._read_for(state, pending, list(state.partial_metadata), message)
                if completed.values:
                    answer, others = completed, list(completed.values)
            if corrected and not (answer.values or answer.declined):
                # "nope, wrong animal": a no whose words give no value, so a plain no
                answer, reply = answers.Answer(), f"Left out the {label}: you can give it later."
            elif others and not (answer.values or answer.declined):
                return self._ask_again(pending, _NO_CHANGE_READ)
            else:
                # the question stays until the reply settles it (its field given or left out)
                settled = asked.field in answer.values or asked.field in answer.declined
                rest = rest if settled and not others else [asked, *rest]
                reply = wording.acknowledge(answer.parsed) if answer.parsed else _acknowledge_fields(answer)
                self._log_discarded(answer)
        rest = [c for c in rest if c.field not in answer.values]
        changes = {
            **_stored(state, answer, keep=rest),
            "declined_fields": sorted({*state.declined_fields, *answer.declined}),
        }
        if answer.wants_everything_skipped:
            changes["minimal_mode"] = True
        self.store.update(COMPONENT, _log_answer(answer), **changes)
        self._say(reply)
        next_action, follow = self._after_metadata_answer(answer)
        return UserInputReply(
            reply=f"{reply} {follow}".strip(), accepted=answer.values, rejected=answer.rejected, next_action=next_action
        )

    def _answer_summary(
        self,
        state: GlobalState,
        pending: PendingRequest,
        message: str | None,
        given: dict[str, Any],
        skip: list[str] | None,
    ) -> UserInputReply:
        """The answer to "This goes into the file: ...": confirm, or values edited in place."""
        shown_names = [f.name for f in pending.fields]
        if message and not given:
            option = answers.match_option(message, pending.options)
            intents = answers.read_intent(message, self.llm) if option is None else set()
            if IntentKind.CANCEL in intents:
                outcome = self._abandon("You asked to stop.")
                return UserInputReply(reply=outcome.message, next_action="done")
            if option is not None or intents & {IntentKind.APPROVE, IntentKind.ACCEPT_AS_IS, IntentKind.SKIP_ALL}:
                answer = answers.Answer()
            elif answers.says_nothing(message, given):
                return self._ask_again(pending, "I did not catch whether to write these values.")
            else:
                answer = answers.read_values(
                    pending, message=message, fields=None, skip=None, partial=state.partial_metadata, llm=self.llm
                )
                if IntentKind.DONT_KNOW in answer.intents and not answers.fields_named(message):
                    # "I don't know" names no value it is unsure of: it drops none of those shown
                    return self._ask_again(pending, _NOT_SURE_WHICH)
                unchanged = all(state.metadata.get(name) == value for name, value in answer.values.items())
                if unchanged and not (answer.declined or answer.rejected or answer.confirmations or answer.intents):
                    # "the ID should be m043" unread must not confirm the m042 shown
                    return self._ask_again(pending, _NO_CHANGE_READ)
        else:
            answer = answers.read_values(
                pending, message=None, fields=given or None, skip=skip, partial=state.partial_metadata, llm=self.llm
            )
        changed = {name: value for name, value in answer.values.items() if state.metadata.get(name) != value}
        if answer.rejected:
            reply = "Some values could not be used: " + "; ".join(f"{k}: {v}" for k, v in answer.rejected.items())
            shown_again = summary.summary_request(state.metadata, shown_names)  # the summary as it was, once
            self._ask(shown_again.model_copy(update={"message": f"{reply} {shown_again.message}"}))
            return UserInputReply(reply=reply, rejected=answer.rejected, next_action=pending.type.value)
        stored = _stored(state, answer)
        sources = stored["metadata_sources"]
        for name in shown_names:
            if name not in changed and sources.get(name) == ValueSource.WORDS:
                sources[name] = ValueSource.CONFIRMED
        metadata = {k: v for k, v in stored["metadata"].items() if k not in answer.declined}
        self.store.update(
            COMPONENT,
            "Values confirmed" + (f"; changed: {', '.join(sorted(changed))}" if changed else ""),
            metadata=metadata,
            metadata_sources={k: v for k, v in sources.items() if k in metadata},
            confirmations=stored["confirmations"],
        )
        said = []
        if changed:
            said.append("Changed " + "; ".join(f"{summary.label(k)}: {summary.shown(v)}" for k, v in changed.items()))
        left_out = [summary.label(k) for k in answer.declined if k in state.metadata]
        if left_out:
            said.append("Left out the " + ", ".join(left_out))  # "not sure about the weight": not written
        reply = ". ".join(said) + "." if said else "Thank you."
        self._say(reply)
        next_action, follow = self._after_metadata_answer(answer)
        return UserInputReply(reply=f"{reply} {follow}".strip(), accepted=answer.values, next_action=next_action)

    def _continue_intake(
        self, state: GlobalState, reply: str, accepted: dict[str, Any], rejected: dict[str, str]
    ) -> UserInputReply:
        self._say(reply)
        next_action, follow = self._after_metadata_answer(answers.Answer())
        return UserInputReply(
            reply=f"{reply} {follow}".strip(), accepted=accepted, rejected=rejected, next_action=next_action
        )

    def _after_metadata_answer(self, answer: answers.Answer) -> tuple[str, str]:
        """Ask what is still needed (a guess to confirm, a missing value, the summary), or convert.
        Returns the next action and what to add to the reply: the question, or that it converts."""
        state = self.store.snapshot()
        known = intake.effective_metadata(state.metadata, state.extracted_metadata)
        if (
            (state.confirmations and not state.minimal_mode)
            or intake.cannot_convert_without(known)
            or intake.should_ask(known, state.declined_fields, state.metadata_rounds, state.minimal_mode)
            or self._summary_due(state)
        ):
            self._collect_metadata(answer.rejected)
            asked = self.store.snapshot().pending_request
            return (asked.type.value if asked else PendingRequestType.METADATA.value), (asked.message if asked else "")
        said = self._said_before_converting()
        self.store.set_status(WorkflowStatus.PROCESSING, COMPONENT, "Thank you; converting now.")
        follow = f"{said} Converting now.".strip()
        self._say(follow)
        self._in_background(self._convert_and_evaluate, "convert")
        return "processing", follow

    def _after_correction_values(self, pending: PendingRequest, answer: answers.Answer) -> str:
        state = self.store.snapshot()
        asked = {f.name for f in pending.fields}
        still_open = [f for f in pending.fields if f.name in answer.rejected]
        history = state.correction_history
        if history:
            history[-1].user_input.update({k: v for k, v in answer.values.items() if k in asked or k in state.metadata})
        if state.confirmations and not state.minimal_mode:
            # a guess or a change of a value given before is asked first; its answer converts
            first = state.confirmations[0]
            self.store.update(COMPONENT, "Asking back before converting again", correction_history=history)
            confirm = summary.confirmation_request(first, kept=state.metadata.get(first.field))
            return self._ask(confirm).next_action or PendingRequestType.USER_INPUT.value
        if still_open and not state.minimal_mode:
            self.store.update(COMPONENT, "Asking again for values that were not accepted", correction_history=history)
            return (
                self._ask(
                    pending.model_copy(
                        update={
                            "fields": still_open,
                            "message": "Some answers could not be used: " + "; ".join(answer.rejected.values()),
                        }
                    )
                ).next_action
                or PendingRequestType.USER_INPUT.value
            )
        self.store.set_status(
            WorkflowStatus.PROCESSING,
            COMPONENT,
            f"Converting again (attempt {state.correction_attempt}) with your answers.",
            correction_history=history,
        )
        self._in_background(self._convert_and_evaluate, "correction")
        return "processing"

    def _answer_format_arguments(
        self, state: GlobalState, pending: PendingRequest, message: str | None, given: dict[str, Any]
    ) -> UserInputReply:
        arguments = dict(given)
        if message and not arguments and len(pending.fields) == 1:
            arguments[pending.fields[0].name] = message.strip()
        assert state.detected_format is not None
        choice = state.detected_format.choice_id or state.detected_format.interface
        found = self.call(conversion.COMPLETE_DETECTION, choice=choice, arguments=arguments)
        self.store.set_status(WorkflowStatus.PROCESSING, COMPONENT, "Thank you; reading the files with these values.")
        self._in_background(lambda: self._ask_format_arguments_or_continue(found, {}), "format_arguments")
        return UserInputReply(reply="Thank you.", accepted=arguments, next_action="processing")

    # ================================================================== proposals and corrections

    def _record_round(self, history: list[CorrectionAttempt], result: ValidationResult) -> None:
        """The round's record: the new version's issues, what changed in the file object by object, and
        whether each automatic fix did what it said (a fix that did not is said, once, in the chat)."""
        last = history[-1]
        last.version = result.version
        last.issues_after = result.issues
        last.status_after = result.overall_status
        if last.file_before is not None and result.file_info is not None:
            last.changes = file_changes.changes_between(last.file_before, result.file_info)
            last.fixes_applied = file_changes.check_fixes(
                last.fixes_applied, last.changes, last.issues_before, result.issues
            )
        self.store.update(
            COMPONENT, f"Attempt {last.attempt} recorded", level=LogLevel.DEBUG, correction_history=history
        )
        missed = [fix for fix in last.fixes_applied if fix.took_effect is False]
        if missed:
            self._say(
                "These automatic fixes did not change the file as they said, so I will not offer them again: "
                + "; ".join(planning.describe_fix(fix) for fix in missed)
                + "."
            )
            for fix in missed:
                self.store.log(
                    LogLevel.WARNING, COMPONENT, f"Auto-fix without effect: {fix.reason}", check=fix.check_name
                )

    def _plan(self, state: GlobalState, ask_everything: bool = False) -> planning.CorrectionPlan:
        result = state.validation_result
        assert result is not None
        interface = state.detected_format.interface if state.detected_format else None
        return planning.plan_corrections(
            result,
            state.metadata,
            state.conversion_options,
            interface,
            ask_everything=ask_everything,
            declined=state.declined_fields,
            table_readers=planning.table_readers_of(state.detected_format),
        )

    def _propose(self, result: ValidationResult, attempt: int) -> ActionReply:
        state = self.store.snapshot()
        plan = self._plan(state)
        # Values the user skipped are not listed as needed again; the proposal says they stay open.
        declined = set(state.declined_fields)
        passed = result.overall_status == OverallStatus.PASSED_WITH_ISSUES
        leftovers = planning.leftovers_not_said(plan, state.correction_history)
        said = wording.leftovers_sentence(leftovers)
        if not plan.can_change_something:
            return self._nothing_left(passed, said)
        options = (
            [
                RequestOption(value="improve", label="Improve", description="Apply the fixes below and convert again"),
                RequestOption(value="accept", label="Accept as is", description="Keep this version; it is valid"),
            ]
            if passed
            else [
                RequestOption(value="approve", label="Approve", description="Apply the fixes below and convert again"),
                RequestOption(value="decline", label="Decline", description="Keep this version with its errors"),
            ]
        )
        message = wording.correction_proposal(
            self.llm,
            status=result.overall_status.value,
            attempt=attempt + 1,
            counts=result.counts.model_dump(),
            auto_fixes=plan.auto_descriptions(),
            needs_user=plan.ask_labels(skip=declined),
            options=[o.label for o in options],
        )
        skipped = plan.ask_labels(only=declined)
        if skipped:
            choose = options[0].label
            message += (
                f" You skipped {', '.join(skipped)}: I ask for {'it' if len(skipped) == 1 else 'them'} again only "
                f"if you choose {choose}."
            )
        if said:
            message += " " + said
        request_type = PendingRequestType.IMPROVEMENT_APPROVAL if passed else PendingRequestType.RETRY_APPROVAL
        return self._ask(PendingRequest(type=request_type, message=message, options=options))

    def _nothing_left(self, passed: bool, said: str) -> ActionReply:
        """No automatic fix would change the file and there is nothing to ask: an Improve/Approve button would
        be a promise the service cannot keep, so only the honest choices are offered."""
        message = "There is nothing more I can change in this file." + (f" {said}" if said else "")
        if passed:
            message += " The file is valid: accept it as it is."
            options = [
                RequestOption(value="accept", label="Accept as is", description="Keep this version; it is valid")
            ]
            request_type = PendingRequestType.IMPROVEMENT_APPROVAL
        else:
            message += " Its errors stay; the correction report lists each one with what could be done."
            options = [RequestOption(value="decline", label="Decline", description="Keep this version with its errors")]
            request_type = PendingRequestType.RETRY_APPROVAL
        return self._ask(PendingRequest(type=request_type, message=message, options=options))

    def _start_correction(
        self, state: GlobalState, ask_everything: bool = False, given: frozenset[str] = frozenset()
    ) -> ActionReply:
        result = state.validation_result
        assert result is not None
        attempt = state.correction_attempt + 1
        plan = self._plan(state, ask_everything)
        metadata, options, fixes = plan.metadata, plan.options, plan.fixes
        # the file was written before the values given with the approval: they are not asked again
        questions = [q for q in plan.questions if _field_of(q.name) not in given]
        plan.questions = questions
        for fix in fixes:
            self.store.log(
                LogLevel.INFO,
                COMPONENT,
                f"Auto-fix: {planning.describe_fix(fix)}",
                check=fix.check_name,
                changes=[change.model_dump(mode="json") for change in fix.changes],
            )
        record = CorrectionAttempt(
            attempt=attempt,
            issues_before=result.issues,
            fixes_applied=fixes,
            file_before=result.file_info,
            leftovers=plan.leftovers,
        )
        history = [*state.correction_history, record]
        sources = {
            **state.metadata_sources,
            **{f.field: ValueSource.AUTO_FIX for f in fixes if f.field and f.field in metadata},
        }
        changes: dict[str, Any] = {
            "correction_attempt": attempt,
            "metadata": metadata,
            "metadata_sources": sources,
            "conversion_options": options,
            "correction_history": history,
        }
        if questions:
            message = wording.metadata_question(self.llm, plan.question_specs(), known=metadata, for_correction=True)
            if fixes:
                message = "I fixed by myself: " + "; ".join(f.reason.rstrip(". ") for f in fixes) + ". " + message
            self.store.set_status(
                WorkflowStatus.PROCESSING, COMPONENT, f"Correction attempt {attempt} approved", **changes
            )
            return self._ask(
                PendingRequest(
                    type=PendingRequestType.USER_INPUT, purpose=CORRECTION_VALUES, message=message, fields=questions
                )
            )
        self.store.set_status(
            WorkflowStatus.PROCESSING,
            COMPONENT,
            f"Correction attempt {attempt}: " + ("; ".join(f.reason.rstrip(". ") for f in fixes) or "converting again"),
            **changes,
        )
        self._in_background(self._convert_and_evaluate, "correction")
        return ActionReply(
            status="processing", message=f"Correction attempt {attempt} started.", next_action="processing"
        )

    def _offer_ways_out(self, result: ValidationResult, attempt: int) -> ActionReply:
        failed = result.overall_status == OverallStatus.FAILED
        message = (
            f"Attempt {attempt} changed nothing: the same issues remain and no new value or fix was added. "
            "You can accept the file as it is"
            + (" (it keeps its errors)" if failed else "")
            + ", try a different approach (I ask you for every value these issues concern), or stop."
        )
        options = [
            RequestOption(value=ACCEPT, label="Accept as is", description="Keep the latest version"),
            RequestOption(
                value=CHANGE_APPROACH,
                label="Different approach",
                description="Answer every question about the remaining issues",
            ),
            RequestOption(value=STOP, label="Stop", description="End here without a valid file"),
        ]
        self.store.log(LogLevel.WARNING, COMPONENT, "No progress since the last attempt")
        return self._ask(
            PendingRequest(type=PendingRequestType.USER_INPUT, purpose=NO_PROGRESS, message=message, options=options)
        )

    def _take_way_out(self, state: GlobalState, choice: str) -> ActionReply:
        if choice == ACCEPT:
            if state.overall_status == OverallStatus.FAILED:
                return self._decline()
            return self._accept()
        if choice == STOP:
            return self._abandon("You stopped the corrections.")
        return self._start_correction(state, ask_everything=True)

    def _try_again(self, state: GlobalState) -> ActionReply:
        """A session that failed for a reason other than the user's choice (e.g. interrupted) starts over."""
        assert state.failure is not None and state.input_path is not None
        self.store.set_status(WorkflowStatus.PROCESSING, COMPONENT, f"Trying again after: {state.failure.message}")
        if state.detected_format is None or state.detected_format.needs_choice:
            self._in_background(lambda: self._detect(state.input_path or "", None, {}), "retry")
        else:
            self._in_background(self._convert_and_evaluate, "retry")
        return ActionReply(status="processing", message="Trying again.", next_action="processing")

    # ================================================================== endings

    def _decline(self) -> ActionReply:
        return self._finish(
            WorkflowStatus.FAILED,
            ValidationStatus.FAILED_USER_DECLINED,
            "{ending}. The correction report lists each issue and how to fix it.",
            Failure(reason="user_declined", message="The user declined corrections."),
        )

    def _abandon(self, why: str) -> ActionReply:
        kept = (
            "The latest version and its report stay available."
            if self.store.snapshot().versions
            else "Nothing was converted; your upload stays until you delete the session."
        )
        return self._finish(
            WorkflowStatus.FAILED,
            ValidationStatus.FAILED_USER_ABANDONED,
            f"{why} {kept}",
            Failure(reason="user_abandoned", message=why),
        )

    def _finish(
        self, status: WorkflowStatus, outcome: ValidationStatus, message: str, failure: Failure | None = None
    ) -> ActionReply:
        """End the session. With an evaluated file, its final report is written first, telling the
        ending (what was accepted, declined or left unfixed, and by whom); `{ending}` in `message`
        stands for the ending's headline, so the chat, the page and the report say it alike."""
        state = self.store.snapshot()
        headline = ending.headline(outcome, state)
        if state.validation_result is not None:
            final = ending.build_ending(state, outcome)
            # Quiet: the ending is said once, by the status change below.
            self.store.update(COMPONENT, f"Session ended: {final.headline}", quiet=True, ending=final)
            self._write_report()
        message = message.replace("{ending}", headline)
        # The conversation is over: keep only its last word (the history is cleared when a workflow ends),
        # and a model failure said just before it.
        announced_before = self.store.snapshot().model_failure is not None
        self._tell(message)
        after = self.store.snapshot()
        announced_now = not announced_before and after.model_failure is not None
        last = after.conversation[-2:] if announced_now else after.conversation[-1:]
        self.store.set_status(status, COMPONENT, message, validation_status=outcome, failure=failure, conversation=last)
        return ActionReply(status=status.value, message=message, next_action="done")

    # ================================================================== plumbing

    def _convert_and_evaluate(self) -> ActionReply:
        state = self.store.snapshot()
        assert state.detected_format is not None and state.input_path is not None
        self.store.reset_stages(COMPONENT)
        # The checksum is computed while the file is evaluated; it is waited for before the next decision.
        if state.correction_attempt > 0:
            version = self.call(
                conversion.APPLY_CORRECTIONS,
                metadata=state.metadata,
                options=state.conversion_options,
                checksum_in_background=True,
            )
        else:
            version = self.call(
                conversion.CONVERT,
                input_path=state.input_path,
                detection_result=state.detected_format,
                metadata=state.metadata,
                checksum_in_background=True,
            )
        for note in version.notes:
            self._say(note)
        self.store.raise_if_cancelled()
        earlier = next((v.path for v in state.versions if v.version == version.derived_from), None)
        result = self.call(
            evaluation.EVALUATE,
            nwb_path=version.path,
            version=version.version,
            with_report=False,
            same_data_as=earlier if version.made_by == VersionOrigin.DERIVATION else None,
        )
        self.store.raise_if_cancelled()
        return self._after_evaluation(result)

    def _write_report(self) -> None:
        try:
            self.call(evaluation.GENERATE_REPORT)
        except WorkflowCancelled:
            raise
        except ServiceError as exc:  # the evaluation stands without its report; the failed stage says why
            self.store.event_log.write_failure(self.store.session_id, exc, COMPONENT)
            self.store.log(LogLevel.ERROR, COMPONENT, f"No report: {exc.message}", error_id=exc.error_id)

    def _ask(self, request: PendingRequest, **changes: Any) -> ActionReply:
        self.store.await_user(request, COMPONENT, **changes)
        self._tell(request.message)
        return ActionReply(
            status=WorkflowStatus.AWAITING_USER_INPUT.value, message=request.message, next_action=request.type.value
        )

    def _say(self, text: str) -> None:
        if text:
            self._tell(text)

    def _tell(self, text: str) -> None:
        """Add the assistant's turn, after saying once that the configured model failed, if it did."""
        failure = self.llm.last_failure
        state = self.store.snapshot()
        if failure is not None and failure.at >= state.created_at and state.model_failure is None:
            announcement = (
                f"The language model ({failure.provider}) could not be used (error id {failure.error_id}): "
                f"{failure.message.rstrip('.')}. I carry on with the built-in rules and wording: everything "
                "still works, worded more plainly."
            )
            self.store.update(
                COMPONENT,
                announcement,
                level=LogLevel.WARNING,
                model_failure=Failure(
                    reason="llm_unavailable",
                    message=failure.message,
                    error_code="llm_unavailable",
                    error_id=failure.error_id,
                ),
            )
            if failure.error_id not in text:  # said already when the text names it
                self.store.add_chat_turn("assistant", announcement)
        self.store.add_chat_turn("assistant", text)

    def _in_background(self, step: Callable[[], object], name: str) -> None:
        self.background(lambda: self._guarded(step), name)

    def _guarded(self, step: Callable[[], object]) -> None:
        """Run a workflow step; cancellation returns to idle, errors end the session as failed."""
        try:
            step()
        except WorkflowCancelled:
            if self.store.status != WorkflowStatus.IDLE:
                self._back_to_idle()
        except ServiceError as exc:
            self.store.event_log.write_failure(self.store.session_id, exc, COMPONENT)
            self._fail(exc.message, exc.error_code, exc.error_id)
        except Exception as exc:  # noqa: BLE001 - an unexpected bug must still end the session clearly
            error = ServiceError(f"Unexpected error: {type(exc).__name__}: {exc}", component=COMPONENT)
            try:
                raise error from exc  # the traceback of the bug, under the id the user is shown
            except ServiceError as chained:
                self.store.event_log.write_failure(self.store.session_id, chained, COMPONENT)
            self.store.log(LogLevel.ERROR, COMPONENT, error.message, error_id=error.error_id)
            self._fail(error.message, error.error_code, error.error_id)

    def _fail(self, message: str, code: str, error_id: str) -> None:
        if self.store.status in (WorkflowStatus.PROCESSING, WorkflowStatus.AWAITING_USER_INPUT):
            self._say(f"{message} (error id {error_id})")
            self.store.set_status(
                WorkflowStatus.FAILED,
                COMPONENT,
                message,
                failure=Failure(reason=code, message=message, error_code=code, error_id=error_id),
            )


# ---------------------------------------------------------------------- small helpers


def _can_try_again(state: GlobalState) -> bool:
    """Failed for a reason that was not the user's decision, with the upload still there."""
    return (
        state.status == WorkflowStatus.FAILED
        and state.failure is not None
        and state.failure.reason not in ("user_declined", "user_abandoned")
        and state.input_path is not None
    )


def _option_label(interface: str, stream: str | None) -> str:
    return f"{interface} ({stream})" if stream else interface


def _describe_fields(given: dict[str, Any], skip: list[str] | None) -> str:
    parts = [f"{name}: {value}" for name, value in given.items()]
    if skip:
        parts.append("skip " + ", ".join(skip))
    return "; ".join(parts)


def _stored(state: GlobalState, answer: answers.Answer, keep: list[ValueConfirmation] | None = None) -> dict[str, Any]:
    """The state changes an answer makes: its values with where they came from, and the guesses
    still to ask back (a new reading of a field replaces the one waiting for it)."""
    waiting = state.confirmations if keep is None else keep
    fresh = {c.field for c in answer.confirmations}
    confirmations = [
        c for c in waiting if c.field not in answer.values and c.field not in fresh and c.field not in answer.declined
    ]
    return {
        "metadata": {**state.metadata, **answer.values},
        "metadata_sources": {**state.metadata_sources, **answer.sources},
        "confirmations": confirmations + answer.confirmations,
    }


def _acknowledge_fields(answer: answers.Answer) -> str:
    parts = []
    if answer.values:
        parts.append("Saved " + "; ".join(f"{k}: {v}" for k, v in answer.values.items()) + ".")
    parts += [f"Not saved, {name}: {why}" for name, why in answer.rejected.items()]
    if answer.declined:
        parts.append("Skipping " + ", ".join(answer.declined) + ".")
    parts += answer.notes
    return " ".join(parts) or "Thank you."


def _log_answer(answer: answers.Answer) -> str:
    parts = []
    if answer.values:
        parts.append("values: " + ", ".join(sorted(answer.values)))
    if answer.rejected:
        parts.append("refused: " + ", ".join(sorted(answer.rejected)))
    if answer.declined:
        parts.append("declined: " + ", ".join(answer.declined))
    return "Answer taken (" + ("; ".join(parts) or "nothing usable") + ")"


_NOT_SURE_WHICH = "Which value are you unsure of? Name it to leave it out (e.g. 'skip the weight'), or say yes."


def _field_of(question: str) -> str:
    """The field a question asks for: `electrode_location[imec0]` asks for the electrode location."""
    split = split_key(question)
    return split[0] if split else question


_DESCRIPTIONS = {"session_description", "experiment_description", "subject_description"}
_HOW_TO_ANSWER = (
    "Answer what you know now and say 'skip' for the rest, or 'just convert': after the conversion the "
    "report asks again for what the file still needs, and each change makes a new version."
)
_GOING_WITHOUT = {
    IntentKind.APPROVE,
    IntentKind.SKIP_ALL,
    IntentKind.SKIP_FIELD,
    IntentKind.DONT_KNOW,
    IntentKind.DECLINE,
}
_CANNOT_GO_WITHOUT = (
    "This one cannot be left out: every NWB file holds when its recording started, with the time zone, and a "
    "guess would write a wrong time into the file (say 'stop' to end without a file)."
)


def _goes_without(answer: answers.Answer, message: str | None, llm: LLMService | None) -> bool:
    """A skip, a don't-know or a go-ahead ("ok go on without it") instead of the value. Read apart
    from the question too: read as the answer to "which time zone?", the words were a zone."""
    said = answer.intents | answers.read_intent(message, llm)
    return bool(said & _GOING_WITHOUT) or bool(answer.declined)


def _still_needed(state: GlobalState, pending: PendingRequest) -> str:
    """What is still asked for besides the question waiting ("what else do you need?")."""
    known = intake.effective_metadata(state.metadata, state.extracted_metadata)
    waiting = {c.field for c in state.confirmations}
    specs = [
        s
        for s in intake.fields_to_ask(known, state.declined_fields, max(state.metadata_rounds, 1))
        if s.name not in waiting
    ]
    required = [s.label for s in specs if s.required]
    optional = [s.label for s in specs if not s.required]
    if pending.purpose == summary.CONFIRM_SUMMARY:
        return "Nothing else: confirm these values (or change one) and I convert."
    if not (required or optional):
        return "Nothing else after this question:"
    parts = [f"I still need: {', '.join(required)}." if required else ""]
    if optional:
        parts.append(f"{'And, if' if required else 'If'} you have them: {', '.join(optional)}.")
    return f"{' '.join(p for p in parts if p)} First, this question:"


def _options_explained(pending: PendingRequest) -> str:
    """What each answer to a proposal does ("what happens if I accept?")."""
    return " ".join(f"{o.label}: {o.description.rstrip('.')}." for o in pending.options if o.description)


_NOTHING_READ = "That gives no value: answer what you know, say 'skip' for the rest, or 'just convert'."
_NO_CHANGE_READ = "I could not read a value in that; name the field and its value (e.g. subject ID: m043)."


def _why_fields(pending: PendingRequest, named: list[str]) -> str:
    """Why each field is asked; only the fields the question names, when it names some.

    A question about a field not asked now ("what's the difference between strain and genotype?")
    is answered from the field list, with what the field holds: it is not a reason to repeat why
    every asked field is needed."""
    asked = {f.name: f for f in pending.fields}
    about_asked = [asked[name] for name in named if name in asked]
    others = [spec for name in named if name not in asked and (spec := get_field(name)) is not None]
    if not about_asked and not others:
        # a question about the questions ("can I add the rest later?"): how to answer, then why
        lines = [f"{f.name.replace('_', ' ')}: {f.why or f.description}" for f in pending.fields]
        return f"{_HOW_TO_ANSWER} Here is why I ask: " + " | ".join(lines) if lines else pending.message
    lines = [
        f"{f.name.replace('_', ' ')}: {f.why or f.description}" + (f" (e.g. {f.example})" if f.example else "")
        for f in about_asked
    ]
    lines += [f"{spec.label}: {spec.description} {spec.why} (e.g. {spec.example})" for spec in others]
    if not lines:
        return pending.message
    return ("Here is why I ask: " if about_asked else "") + " | ".join(lines)
