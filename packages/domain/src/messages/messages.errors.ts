import { defineErrors } from '../errors/define.ts';

/** Refusals of messages with support (spec §8 wording where it has one). */
export const messageErrors = defineErrors({
  MESSAGE_NOT_FOUND: { status: 404, message: 'The message was not found.' },
  MESSAGE_NOT_CREATED: { status: 417, message: 'Message not created: {reason}' },
  MESSAGE_TYPE_UNKNOWN: { status: 417, message: 'Message not created: unknown message type.' },
  MESSAGE_CASE_CLOSED: {
    status: 409,
    message: 'Message not created: the case is closed. Please write a new message.',
  },
  MESSAGE_READ_FAILED: { status: 404, message: 'Problem marking message as read.' },
  MESSAGE_DELETE_FAILED: { status: 404, message: 'Problem deleting messages.' },
  MESSAGE_SEQUENCE_DELETE_FAILED: { status: 404, message: 'Problem deleting message sequences.' },
  MESSAGE_DELETE_DENIED: {
    status: 409,
    message: 'Deletion denied: the case status is {status}. Only cases in status Created can be deleted.',
  },
  ATTACHMENT_SIZE_EXCEEDED: {
    status: 417,
    message: 'Attachment size exceeded: at most {maxMb} MB per file.',
  },
  ATTACHMENT_COUNT_EXCEEDED: { status: 417, message: 'No more than {max} attachments per message.' },
  ATTACHMENT_TYPE_REFUSED: { status: 417, message: 'Only .pdf and .csv files can be attached.' },
  ATTACHMENT_NAME_INVALID: {
    status: 417,
    message: "The file name may contain only letters, digits, spaces and ()!*.'_-&.",
  },
  ATTACHMENT_CONTENT_INVALID: { status: 417, message: 'The file content is not a valid {ext} file.' },
  ATTACHMENT_NOT_FOUND: { status: 404, message: 'The attachment was not found.' },
  CASE_NOT_FOUND: { status: 404, message: 'The case was not found.' },
  CASE_STATUS_MOVE: { status: 409, message: 'The case cannot go from {from} to {to}.' },
  CASE_ASSIGNEE_INVALID: { status: 417, message: 'The case can be assigned only to a staff user.' },
});
