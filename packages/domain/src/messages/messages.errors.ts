import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of messages with support (spec §8 wording where it has one). */
export const messageErrors = defineErrors({
  MESSAGE_NOT_FOUND: errorDef(404, 'The message was not found.'),
  MESSAGE_NOT_CREATED: errorDef(417, 'Message not created: {reason}'),
  MESSAGE_TYPE_UNKNOWN: errorDef(417, 'Message not created: unknown message type.'),
  MESSAGE_CASE_CLOSED: errorDef(409, 'Message not created: the case is closed. Please write a new message.'),
  MESSAGE_READ_FAILED: errorDef(404, 'Problem marking message as read.'),
  MESSAGE_DELETE_FAILED: errorDef(404, 'Problem deleting messages.'),
  MESSAGE_SEQUENCE_DELETE_FAILED: errorDef(404, 'Problem deleting message sequences.'),
  MESSAGE_DELETE_DENIED: errorDef(
    409,
    'Deletion denied: the case status is {status}. Only cases in status Created can be deleted.',
  ),
  ATTACHMENT_SIZE_EXCEEDED: errorDef(417, 'Attachment size exceeded: at most {maxMb} MB per file.'),
  ATTACHMENT_COUNT_EXCEEDED: errorDef(417, 'No more than {max} attachments per message.'),
  ATTACHMENT_TYPE_REFUSED: errorDef(417, 'Only .pdf and .csv files can be attached.'),
  ATTACHMENT_NAME_INVALID: errorDef(
    417,
    "The file name may contain only letters, digits, spaces and ()!*.'_-&.",
  ),
  ATTACHMENT_CONTENT_INVALID: errorDef(417, 'The file content is not a valid {ext} file.'),
  ATTACHMENT_NOT_FOUND: errorDef(404, 'The attachment was not found.'),
  CASE_NOT_FOUND: errorDef(404, 'The case was not found.'),
  CASE_STATUS_MOVE: errorDef(409, 'The case cannot go from {from} to {to}.'),
  CASE_ASSIGNEE_INVALID: errorDef(417, 'The case can be assigned only to a staff user.'),
});
