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
    OverallStatus,
    PendingRequest,
    PendingRequestType,
    RequestOption,
    ValidationResult,
)
from ...errors import BadInputError, InvalidStateError, ServiceError, WorkflowCancelled
from ...llm import wording
from ...metadata.parsed import IntentKind
from ...router import Agent, NoParams, handles
from ...state import Failure, GlobalState, LogLevel, ValidationStatus, WorkflowStatus
from . import answers, intake, planning

COMPONENT = AgentName.CONVERSATION
APPROVALS = (PendingRequestType.RETRY_APPROVAL, PendingRequestType.IMPROVEMENT_APPROVAL)

# What a pending request is for, when its type alone does not say it.
FORMAT_ARGUMENTS = "format_arguments"
CORRECTION_VALUES = "correction_values"
NO_PROGRESS = "no_progress"

ACCEPT, CHANGE_APPROACH, STOP = "accept_as_is", "change_approach", "stop"


class ConversationAgent(Agent):
    name = COMPONENT
    description = "Talks with the user, collects metadata, and runs the user-approved correction loop."

    # ================================================================== actions

    @handles(contract.START_CONVERSION)
    def start_conversion(self, params: contract.StartConversionParams) -> ActionReply:
        input_path, forced_format = params.input_path, params.forced_format
        checked = intake.check_values(dict(params.metadata or {}))
        if checked.accepted:
            self.store.update(
                COMPONENT,
                "Metadata received with the upload: " + ", ".join(sorted(checked.accepted)),
                metadata=checked.accepted,
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
            history[-1].version = result.version
            history[-1].issues_after = result.issues
            history[-1].status_after = result.overall_status
            self.store.update(
                COMPONENT, f"Attempt {history[-1].attempt} recorded", level=LogLevel.DEBUG, correction_history=history
            )
        self._write_report()
        if result.overall_status == OverallStatus.PASSED:
            improved = state.correction_attempt > 0
            return self._finish(
                WorkflowStatus.COMPLETED,
                ValidationStatus.PASSED_IMPROVED if improved else ValidationStatus.PASSED,
                "Perfect! No issues found." + (" The corrections worked." if improved else ""),
            )
        if history and planning.made_no_progress(history[-1]):
            return self._offer_ways_out(result, state.correction_attempt)
        return self._propose(result, state.correction_attempt)

    @handles(contract.HANDLE_CORRECTION)
    def handle_correction(self, params: contract.CorrectionDecisionParams) -> ActionReply:
        return self._decide(params.approved, params.accept_as_is)

    def _decide(self, approved: bool, accept_as_is: bool) -> ActionReply:
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
        return self._start_correction(state)

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
            "Accepted as is: the file is valid; its warnings are listed in the report.",
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
        essential = intake.cannot_convert_without(known)
        if essential and (
            state.minimal_mode
            or not intake.should_ask(known, state.declined_fields, state.metadata_rounds, state.minimal_mode)
        ):
            if partial.get(intake.START_TIME):
                message = (
                    f"One thing I cannot skip: the files say the recording started at {partial[intake.START_TIME]}"
                    " but not in which time zone, and NWB stores an absolute time. Which zone was it? "
                    "(e.g. EST, Europe/Paris, UTC)"
                )
            else:
                message = (
                    "The files do not say when the recording started, and an NWB file cannot be written "
                    "without it. When did it start, with its time zone? (e.g. 5 March 2024 2:30pm EST)"
                )
            request = PendingRequest(
                type=PendingRequestType.METADATA,
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
        return self._convert_and_evaluate()

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
            else:
                return self._not_understood(pending)
            outcome = self._decide(approved, accept)
        return UserInputReply(reply=outcome.message, next_action=outcome.next_action or "processing")

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
        answer = answers.read_values(
            pending, message=message, fields=given, skip=skip, partial=state.partial_metadata, llm=self.llm
        )
        if answer.wants_to_stop:
            outcome = self._abandon("You asked to stop.")
            return UserInputReply(reply=outcome.message, next_action="done")
        if answer.asks_a_question:
            reply = _why_fields(pending)
            self._say(reply)
            return UserInputReply(reply=reply, rejected=answer.rejected, next_action=pending.type.value)
        reply = wording.acknowledge(answer.parsed) if answer.parsed else _acknowledge_fields(answer)
        if answer.parsed and answer.parsed.source == "offline_fallback":
            reply = f"{answer.parsed.notes[0]} {reply}"  # the model failed: say so, with its error id
        metadata = {**state.metadata, **answer.values}
        declined = sorted(set(state.declined_fields) | set(answer.declined))
        changes: dict[str, Any] = {
            "metadata": metadata,
            "declined_fields": declined,
            "partial_metadata": answer.partial,
        }
        if answer.wants_everything_skipped:
            changes["minimal_mode"] = True
        self.store.update(COMPONENT, _log_answer(answer), **changes)
        self._say(reply)
        if pending.purpose == CORRECTION_VALUES:
            next_action = self._after_correction_values(pending, answer)
        else:
            next_action = self._after_metadata_answer(answer)
        return UserInputReply(reply=reply, accepted=answer.values, rejected=answer.rejected, next_action=next_action)

    def _after_metadata_answer(self, answer: answers.Answer) -> str:
        state = self.store.snapshot()
        known = intake.effective_metadata(state.metadata, state.extracted_metadata)
        if intake.cannot_convert_without(known) or intake.should_ask(
            known, state.declined_fields, state.metadata_rounds, state.minimal_mode
        ):
            self._collect_metadata(answer.rejected)
            return PendingRequestType.METADATA.value
        self.store.set_status(WorkflowStatus.PROCESSING, COMPONENT, "Thank you; converting now.")
        self._in_background(self._convert_and_evaluate, "convert")
        return "processing"

    def _after_correction_values(self, pending: PendingRequest, answer: answers.Answer) -> str:
        state = self.store.snapshot()
        asked = {f.name for f in pending.fields}
        still_open = [f for f in pending.fields if f.name in answer.rejected]
        history = state.correction_history
        if history:
            history[-1].user_input.update({k: v for k, v in answer.values.items() if k in asked or k in state.metadata})
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

    def _propose(self, result: ValidationResult, attempt: int) -> ActionReply:
        plan = planning.plan_corrections(result)
        passed = result.overall_status == OverallStatus.PASSED_WITH_ISSUES
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
            needs_user=plan.ask_labels(),
            options=[o.label for o in options],
        )
        if plan.cannot_fix:
            titles = sorted({i.check_name.removeprefix("check_").replace("_", " ") for i in plan.cannot_fix})
            message += " The service cannot change: " + ", ".join(titles) + " (see the report)."
        request_type = PendingRequestType.IMPROVEMENT_APPROVAL if passed else PendingRequestType.RETRY_APPROVAL
        return self._ask(PendingRequest(type=request_type, message=message, options=options))

    def _start_correction(self, state: GlobalState, ask_everything: bool = False) -> ActionReply:
        result = state.validation_result
        assert result is not None
        attempt = state.correction_attempt + 1
        plan = planning.plan_corrections(result)
        metadata, options = dict(state.metadata), dict(state.conversion_options)
        fixes = planning.apply_automatic(plan, metadata, options, result)
        for fix in fixes:
            self.store.log(
                LogLevel.INFO,
                COMPONENT,
                f"Auto-fix: {fix.reason} ({fix.field}: {fix.old_value!r} -> {fix.new_value!r})",
                check=fix.check_name,
            )
        questions = plan.questions()
        if not ask_everything:
            # Values the user gave are not asked again unless the file still reports them wrong.
            questions = [
                q for q in questions if q.name not in metadata or q.name in planning.fields_still_reported(result)
            ]
        record = CorrectionAttempt(attempt=attempt, issues_before=result.issues, fixes_applied=fixes)
        history = [*state.correction_history, record]
        changes: dict[str, Any] = {
            "correction_attempt": attempt,
            "metadata": metadata,
            "conversion_options": options,
            "correction_history": history,
        }
        if questions:
            message = wording.metadata_question(
                self.llm, [q.name for q in questions], known=metadata, for_correction=True
            )
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
            "Corrections declined: the latest version keeps its errors; the correction report lists them.",
            Failure(reason="user_declined", message="The user declined corrections."),
        )

    def _abandon(self, why: str) -> ActionReply:
        return self._finish(
            WorkflowStatus.FAILED,
            ValidationStatus.FAILED_USER_ABANDONED,
            f"{why} The latest version and its report stay available.",
            Failure(reason="user_abandoned", message=why),
        )

    def _finish(
        self, status: WorkflowStatus, outcome: ValidationStatus, message: str, failure: Failure | None = None
    ) -> ActionReply:
        # The conversation is over: keep only its last word (the history is cleared when a workflow ends).
        self.store.add_chat_turn("assistant", message)
        last = self.store.snapshot().conversation[-1:]
        self.store.set_status(status, COMPONENT, message, validation_status=outcome, failure=failure, conversation=last)
        return ActionReply(status=status.value, message=message, next_action="done")

    # ================================================================== plumbing

    def _convert_and_evaluate(self) -> ActionReply:
        state = self.store.snapshot()
        assert state.detected_format is not None and state.input_path is not None
        self.store.reset_stages(COMPONENT)
        if state.correction_attempt > 0:
            version = self.call(conversion.APPLY_CORRECTIONS, metadata=state.metadata, options=state.conversion_options)
        else:
            version = self.call(
                conversion.CONVERT,
                input_path=state.input_path,
                detection_result=state.detected_format,
                metadata=state.metadata,
            )
        for note in version.notes:
            self._say(note)
        self.store.raise_if_cancelled()
        result = self.call(evaluation.EVALUATE, nwb_path=version.path, version=version.version, with_report=False)
        self.store.raise_if_cancelled()
        return self._after_evaluation(result)

    def _write_report(self) -> None:
        try:
            self.call(evaluation.GENERATE_REPORT)
        except WorkflowCancelled:
            raise
        except ServiceError as exc:  # the evaluation stands without its report; the failed stage says why
            self.store.log(LogLevel.ERROR, COMPONENT, f"No report: {exc.message}", error_id=exc.error_id)

    def _ask(self, request: PendingRequest, **changes: Any) -> ActionReply:
        self.store.await_user(request, COMPONENT, **changes)
        self.store.add_chat_turn("assistant", request.message)
        return ActionReply(
            status=WorkflowStatus.AWAITING_USER_INPUT.value, message=request.message, next_action=request.type.value
        )

    def _say(self, text: str) -> None:
        if text:
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
            self._fail(exc.message, exc.error_code, exc.error_id)
        except Exception as exc:  # noqa: BLE001 - an unexpected bug must still end the session clearly
            error = ServiceError(f"Unexpected error: {type(exc).__name__}: {exc}", component=COMPONENT)
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


def _why_fields(pending: PendingRequest) -> str:
    lines = [
        f"{f.name.replace('_', ' ')}: {f.why or f.description}" + (f" (e.g. {f.example})" if f.example else "")
        for f in pending.fields
    ]
    return "Here is why I ask: " + " | ".join(lines) if lines else pending.message
