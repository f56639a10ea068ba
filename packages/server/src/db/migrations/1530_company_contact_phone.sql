-- List of Contacts in the portal (issue 18): a company contact may carry a phone number.
ALTER TABLE boarding_contacts ADD COLUMN phone text;
